import { catalogOverview } from '../answers/overview.ts';
import type { CatalogOverview } from '../answers/overview-schema.ts';
import type { CatalogMeta, CatalogReader } from '../catalog-read/catalog-reader.ts';
import { productUrlBuilder } from '../catalog-read/product-url.ts';
import type { Config, RateLimits } from '../config/config.ts';
import type { OperatorContact } from '../config/operator-contact.ts';
import { publicUrls } from '../contract/paths.ts';

/** What every public document is made from: one snapshot and one configuration. */
export interface DocumentSources {
  siteUrl: string;
  meta: CatalogMeta;
  catalog: CatalogReader;
  /** catalog_overview's own answer (same function, same snapshot): the manifest and llms.txt state it. */
  overview: CatalogOverview;
  cache: { maxAge: number; staleWhileRevalidate: number };
  rateLimits: RateLimits;
  productUrl: (id: number, slug: string) => string;
  /** The stats endpoints with real ids (the newest product and its merchant): links that answer. */
  examples: { productStats: string; merchantStats: string; productPriceHistory: string };
  /** Who runs the deployment: the OpenAPI contact and the manifest's legal block state it. */
  operator: OperatorContact;
}

export function documentSources(config: Config, catalog: CatalogReader): DocumentSources {
  const newest = catalog.documents.showcase(1)[0];
  const { endpoints } = publicUrls(config.siteUrl);
  return {
    siteUrl: config.siteUrl,
    meta: catalog.meta,
    catalog,
    overview: catalogOverview(catalog, config.siteUrl),
    cache: config.cache,
    rateLimits: config.rateLimits,
    productUrl: productUrlBuilder(config.productUrlTemplate),
    examples: {
      productStats: endpoints.productStats.replace('{productId}', String(newest?.id ?? 1)),
      merchantStats: endpoints.merchantStats.replace('{merchantId}', String(newest?.merchantId ?? 1)),
      productPriceHistory: endpoints.productPriceHistory.replace('{productId}', String(newest?.id ?? 1)),
    },
    operator: config.operator,
  };
}
