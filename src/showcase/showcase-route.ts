import type { LazyCatalog } from '../catalog-read/catalog-reader.ts';
import { exactly } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';
import type { CachePolicy, CdnHeaders } from '../http/caching.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import { createShowcaseEndpoint, SHOWCASE_QUERY } from './showcase-endpoint.ts';

/** The showcase (/gpt/products.json): the newest products, answered from the snapshot. */
export const showcaseRoute: RouteEntry<{
  catalog: LazyCatalog;
  productUrl: (id: number, slug: string) => string;
  config: { cache: CachePolicy };
  platform: { cdn?: CdnHeaders };
}> = {
  name: 'showcase',
  ...exactly(PATHS.showcase),
  errors: REST_ERRORS,
  template: (p) => p,
  handler: ({ catalog, productUrl, config, platform }) => ({
    plain: createShowcaseEndpoint({
      catalog,
      productUrl,
      cache: config.cache,
      cdn: platform.cdn?.shared(config.cache, SHOWCASE_QUERY) ?? null,
    }),
  }),
};
