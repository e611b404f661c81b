import type { CatalogReader } from '../../catalog-read/catalog-reader.ts';
import type { DiscoveryReader } from '../../catalog-read/discovery-reader.ts';
import { openSearchIndex, type SearchIndex } from './search-index.ts';

/**
 * What a search reads: the catalog's entities (places, categories, brands, stores) and the
 * search index, as one reader. The planner and the orchestration take this; only
 * search-index.ts touches the database.
 */
export type SearchReader = DiscoveryReader & SearchIndex;

const readers = new WeakMap<CatalogReader, SearchReader>();

/** The snapshot's search reader, made once per opened snapshot (its index's statements prepared then). */
export function searchReaderOf(catalog: CatalogReader): SearchReader {
  let reader = readers.get(catalog);
  if (reader === undefined) {
    reader = { ...catalog.discovery, ...catalog.attach(openSearchIndex) };
    readers.set(catalog, reader);
  }
  return reader;
}
