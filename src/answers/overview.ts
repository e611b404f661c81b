import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import { publicUrls } from '../contract/paths.ts';
import { DEFAULT_CITY, SERVICE_DESCRIPTION, SERVICE_TITLE, USAGE_POLICY } from '../contract/service-info.ts';
import { priceHistoryOf } from '../price-history/history-read.ts';
import { searchReaderOf } from '../search/index-read/search-reader.ts';
import { type CatalogOverview, OVERVIEW_DISTRICT_LIMIT, OVERVIEW_LIST_LIMIT } from './overview-schema.ts';

/** catalog_overview: everything here is precomputed in the snapshot; the answer is built once per reader. */
export function catalogOverview(catalog: CatalogReader, siteUrl: string): CatalogOverview {
  const { counts, cities, categories, brands } = catalog.discovery;
  const { priceRange } = searchReaderOf(catalog);
  const { documents, endpoints } = publicUrls(siteUrl);
  return {
    catalogVersion: catalog.meta.catalogVersion,
    generatedAt: catalog.meta.generatedAt,
    service: { name: SERVICE_TITLE, description: SERVICE_DESCRIPTION, baseUrl: siteUrl },
    counts,
    defaultCity: { ...DEFAULT_CITY },
    cities: cities.slice(0, OVERVIEW_LIST_LIMIT).map(({ id, name, state, productsCount, storesCount }) => ({
      name,
      state,
      productsCount,
      storesCount,
      districts: catalog.discovery.districtsOfCity(id, OVERVIEW_DISTRICT_LIMIT).map((d) => d.name),
    })),
    categories: categories.slice(0, OVERVIEW_LIST_LIMIT).map(({ name, slug, productsCount }) => ({ name, slug, productsCount })),
    brands: brands.slice(0, OVERVIEW_LIST_LIMIT).map(({ name, productsCount }) => ({ name, productsCount })),
    priceRange: priceRange === null ? null : { min: priceRange.min / 100, max: priceRange.max / 100 },
    prices: { ...priceHistoryOf(catalog).summary },
    documents,
    endpoints,
    usagePolicy: USAGE_POLICY,
  };
}
