import { PATHS } from '../contract/paths.ts';
import type { CachePolicy } from '../http/caching.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import type { StaticFiles } from '../http/static-files.ts';
import { documentType } from './document-files.ts';
import { createDocumentFiles, documentMethods } from './serve-documents.ts';

/**
 * The public documents: static files. Where the app serves the files (self-hosted) it answers the
 * built ones; where the platform does (Netlify's CDN), it answers only their other methods, by
 * name. A file under the API's prefix (openapi.yaml) wins over the API, which comes after it.
 */
export const documentsRoute: RouteEntry<{ platform: { files?: StaticFiles }; config: { cache: CachePolicy } }> = {
  name: 'documents',
  match: (p) => documentType(p) !== null,
  netlify: [],
  errors: REST_ERRORS,
  template: (p) => (p.startsWith(PATHS.sitemapChildren) ? `${PATHS.sitemapChildren}/sitemap-{n}.xml` : p),
  onlyFiles: ({ platform }) => platform.files ?? null,
  handler: ({ platform, config }) => ({ plain: platform.files ? createDocumentFiles(platform.files, config.cache) : documentMethods }),
};
