import type { LazyCatalog } from '../catalog/catalog-reader.ts';
import type { CachePolicy, CdnHeaders } from '../http/caching.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import { PATHS } from '../service/paths.ts';
import { createStatsEndpoint, STATS_METHODS, STATS_ROUTE } from './stats-endpoint.ts';

/** The REST API: everything under /api is its own (its 404 included), but for static files there. */
export const statsRoute: RouteEntry<{
  catalog: LazyCatalog;
  config: { cache: CachePolicy; siteUrl: string };
  quota: QuotaGate | null;
  platform: { cdn?: CdnHeaders };
}> = {
  name: 'stats',
  match: (p) => p === PATHS.api || p.startsWith(`${PATHS.api}/`),
  netlify: [PATHS.api, `${PATHS.api}/*`],
  errors: REST_ERRORS,
  allow: STATS_METHODS,
  template: (p) => {
    const kind = STATS_ROUTE.exec(p)?.[1];
    return kind === 'products' ? PATHS.productStats : kind === 'merchants' ? PATHS.merchantStats : `${PATHS.api}/*`;
  },
  handler: ({ catalog, config, quota, platform }) => ({
    plain: createStatsEndpoint({ catalog, cache: config.cache, siteUrl: config.siteUrl, quota, cdn: platform.cdn?.perClient ?? null }),
  }),
};
