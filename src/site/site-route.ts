import type { CachePolicy } from '../http/caching.ts';
import { PAGE_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import type { StaticFiles } from '../http/static-files.ts';
import { createSiteFiles, siteMethods } from './site-files.ts';

/**
 * The rest of the built site, its 404 page included, where the app serves files (self-hosted); on
 * Netlify, only the methods its CDN does not answer (netlify/functions/other-methods.ts).
 */
export const siteRoute: RouteEntry<{ platform: { files?: StaticFiles }; config: { cache: CachePolicy } }> = {
  name: 'site',
  match: () => true,
  netlify: [],
  errors: PAGE_ERRORS,
  template: () => '/*',
  handler: ({ platform, config }) => ({ plain: platform.files ? createSiteFiles(platform.files, config.cache) : siteMethods }),
};
