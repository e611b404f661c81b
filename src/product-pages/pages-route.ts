import type { LazyCatalog } from '../catalog-read/catalog-reader.ts';
import { startingWith } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';
import type { CachePolicy, CdnHeaders } from '../http/caching.ts';
import { PAGE_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import type { PageRenderer } from './page-model.ts';
import type { ProductPagePaths } from './product-page-path.ts';
import { createProductPages } from './product-pages.ts';

/**
 * The product pages, under the configured PRODUCT_URL_TEMPLATE's prefix (on Netlify the
 * Function's path is fixed: config.ts refuses another same-site prefix there). Only where the
 * platform renders pages and the template is on this site.
 */
export const pagesRoute: RouteEntry<{
  catalog: LazyCatalog;
  productUrl: (id: number, slug: string) => string;
  pagePaths: ProductPagePaths | null;
  config: { cache: CachePolicy; siteUrl: string; pageCacheBytes: number };
  platform: { cdn?: CdnHeaders; pages?: PageRenderer };
  logError: (scope: string) => (error: unknown) => void;
}> = {
  name: 'pages',
  ...startingWith(PATHS.productPages),
  errors: PAGE_ERRORS,
  template: (_, { pagePaths }) => `${pagePaths?.prefix ?? PATHS.productPages}*`,
  matchOn: ({ pagePaths }) => (pagePaths ? startingWith(pagePaths.prefix).match : () => false),
  handler: ({ catalog, productUrl, pagePaths, config, platform, logError }) =>
    platform.pages && pagePaths
      ? {
          plain: createProductPages({
            catalog,
            siteUrl: config.siteUrl,
            productUrl,
            paths: pagePaths,
            render: platform.pages,
            cache: config.cache,
            cdn: platform.cdn?.shared(config.cache, []) ?? null,
            logError: logError('pages'),
            keptBytes: config.pageCacheBytes,
          }),
        }
      : null,
};
