import type { LazyCatalog } from '../catalog-read/catalog-reader.ts';
import type { CachePolicy, CdnHeaders } from '../http/caching.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import { createStatsEndpoint, STATS_METHODS } from './stats-endpoint.ts';
import { API_PATHS, OTHER_API_PATH, statsPathOf, templateOf } from './stats-path.ts';

/**
 * The REST API: everything under its prefix is its own (its 404 included), but for static files
 * there. The statistics path is parsed once a request (stats-path.ts): the log's template parses
 * it, and the handler, called next for the same path, takes that parse.
 */
export const statsRoute: RouteEntry<{
  catalog: LazyCatalog;
  config: { cache: CachePolicy; siteUrl: string };
  quota: QuotaGate | null;
  platform: { cdn?: CdnHeaders };
}> = {
  name: 'stats',
  ...API_PATHS,
  errors: REST_ERRORS,
  allow: STATS_METHODS,
  template: (p) => {
    const match = statsPathOf(p);
    return match === null ? OTHER_API_PATH : templateOf(match);
  },
  handler: ({ catalog, config, quota, platform }) => ({
    plain: createStatsEndpoint({ catalog, cache: config.cache, siteUrl: config.siteUrl, quota, cdn: platform.cdn?.perClient ?? null }),
  }),
};
