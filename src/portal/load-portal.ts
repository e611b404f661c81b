import { openCatalog } from '../catalog-read/catalog-reader.ts';
import { loadConfig } from '../config/config.ts';
import { documentSources } from '../documents/document-sources.ts';
import { type PortalModel, portalModel } from './portal-model.ts';

/** The portal's model at build time: the configuration and snapshot the documents are written from. */
export function loadPortalModel(): PortalModel {
  const config = loadConfig();
  const catalog = openCatalog(config.catalogDb, { memoryMap: false });
  try {
    return portalModel(documentSources(config, catalog));
  } finally {
    catalog.close();
  }
}
