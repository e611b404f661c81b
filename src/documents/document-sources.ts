import type { CatalogMeta, CatalogReader } from '../catalog/catalog-reader.ts';
import type { Config, RateLimits } from '../config/config.ts';
import { productUrlBuilder } from '../core/product-url.ts';

/** What every public document is made from: one snapshot and one configuration. */
export interface DocumentSources {
  siteUrl: string;
  meta: CatalogMeta;
  catalog: CatalogReader;
  cache: { maxAge: number; staleWhileRevalidate: number };
  rateLimits: RateLimits;
  productUrl: (id: number, slug: string) => string;
}

export function documentSources(config: Config, catalog: CatalogReader): DocumentSources {
  return {
    siteUrl: config.siteUrl,
    meta: catalog.meta,
    catalog,
    cache: config.cache,
    rateLimits: config.rateLimits,
    productUrl: productUrlBuilder(config.productUrlTemplate),
  };
}
