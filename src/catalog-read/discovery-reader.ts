import type { Database } from 'better-sqlite3';
import { PRODUCT_ROW_SELECT, type ProductRow } from './product-columns.ts';

/** A place's centre (its stores' mean point) and radius (to its farthest store). */
export interface PlaceExtent {
  latitude: number;
  longitude: number;
  radiusKm: number;
}

export interface CityRow extends PlaceExtent {
  id: number;
  name: string;
  state: string;
  productsCount: number;
  storesCount: number;
}

export interface DistrictRow extends PlaceExtent {
  id: number;
  cityId: number;
  name: string;
  productsCount: number;
}

export interface BrandRow {
  id: number;
  name: string;
  key: string;
  productsCount: number;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  productsCount: number;
}

export interface StoreRow {
  id: number;
  merchantId: number;
  name: string;
  address: string;
  district: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  cityId: number;
  districtId: number;
}

/** A published product as discovery shows it: its columns are declared in product-columns.ts. */
export type { ProductRow };

export interface CatalogCounts {
  products: number;
  merchants: number;
  stores: number;
  cities: number;
  categories: number;
}

/** A store point from the geographic index, with the city and district it is in. */
export type StorePoint = [storeId: number, merchantId: number, latitude: number, longitude: number, cityId: number, districtId: number];

/**
 * The discovery queries (catalog_overview, search_local_products, get_product) over an opened
 * snapshot: the catalog's entities (places, categories, brands, products, stores); statements
 * prepared once. The search index's own reads (full text, vocabulary, synonyms, price order) are
 * the search wing's (src/search/index-read/search-index.ts), over the same handle.
 */
export interface DiscoveryReader {
  counts: CatalogCounts;
  /** Every city and category, most products first (small tables, read once at open). */
  cities: CityRow[];
  categories: CategoryRow[];
  /** Every brand, most products first. */
  brands: BrandRow[];
  brandsByKey(key: string): BrandRow[];
  citiesByKey(key: string): CityRow[];
  districtsByKey(key: string): DistrictRow[];
  /** A city's districts, most products first. */
  districtsOfCity(cityId: number, limit: number): DistrictRow[];
  categoryBySlug(slug: string): CategoryRow | undefined;
  /** A published product by id; drafts are not public. */
  product(id: number): ProductRow | undefined;
  /** The published products of these ids, in one read, in no particular order (a lookup's batch). */
  products(ids: readonly number[]): ProductRow[];
  /** The cheapest `limit` published products with this GTIN (the same product at other merchants), cheapest first. */
  productsWithGtin(gtin: string, limit: number): ProductRow[];
  /** How many published products have this GTIN (the index alone: however many merchants sell it). */
  countWithGtin(gtin: string): number;
  /** The descriptions of these products, in one read (a page of search results, which carry the rest). */
  descriptions(ids: readonly number[]): Map<number, string>;
  storesOfMerchant(merchantId: number): StoreRow[];
  /** A merchant's store points only: what a radius search measures. */
  storePointsOfMerchant(merchantId: number): [storeId: number, latitude: number, longitude: number, cityId: number, districtId: number][];
  storePointsInBox(minLat: number, maxLat: number, minLon: number, maxLon: number): StorePoint[];
}

const STORE_COLUMNS = `id, merchant_id AS merchantId, name, address, district, city, state, postal_code AS postalCode,
  latitude, longitude, city_id AS cityId, district_id AS districtId`;

export function createDiscoveryReader(db: Database): DiscoveryReader {
  const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
  const counts: CatalogCounts = {
    // Every published product is counted in its category: a sum over a few rows, not a count over a million.
    products: count('SELECT coalesce(sum(products_count), 0) FROM categories'),
    merchants: count('SELECT count(*) FROM merchants'),
    stores: count('SELECT count(*) FROM stores'),
    cities: count('SELECT count(*) FROM cities'),
    categories: count('SELECT count(*) FROM categories'),
  };
  const extent = 'latitude, longitude, radius_km AS radiusKm';
  const cityColumns = `id, name, state, products_count AS productsCount, stores_count AS storesCount, ${extent}`;
  const cities = db.prepare(`SELECT ${cityColumns} FROM cities ORDER BY products_count DESC, name`).all() as CityRow[];
  const categories = db
    .prepare('SELECT id, name, slug, products_count AS productsCount FROM categories ORDER BY products_count DESC, name')
    .all() as CategoryRow[];

  const brandColumns = 'id, name, key, products_count AS productsCount';
  const brands = db.prepare(`SELECT ${brandColumns} FROM brands ORDER BY products_count DESC, name`).all() as BrandRow[];
  const brandsByKey = new Map<string, BrandRow[]>();
  for (const brand of brands) brandsByKey.set(brand.key, [...(brandsByKey.get(brand.key) ?? []), brand]);

  // Every search resolves a city (São Paulo by default), and a query's ORDER BY alone costs SQLite
  // several times an indexed lookup (a sorter per call): the few cities are grouped here, once.
  const cityById = new Map(cities.map((city) => [city.id, city]));
  const citiesByKey = new Map<string, CityRow[]>();
  for (const [key, id] of db.prepare('SELECT key, id FROM cities').raw().all() as [string, number][]) {
    citiesByKey.set(key, [...(citiesByKey.get(key) ?? []), cityById.get(id)!]);
  }
  for (const same of citiesByKey.values()) same.sort((a, b) => b.productsCount - a.productsCount);
  const districtColumns = `id, city_id AS cityId, name, products_count AS productsCount, ${extent}`;
  const districtsByKey = db.prepare(`SELECT ${districtColumns} FROM districts WHERE key = ?`);
  const categoryBySlug = db.prepare('SELECT id, name, slug, products_count AS productsCount FROM categories WHERE slug = ?');
  const districtsOfCity = db.prepare(
    `SELECT ${districtColumns} FROM districts WHERE city_id = ? ORDER BY products_count DESC, name LIMIT ?`,
  );
  // Scalar subqueries instead of joins, and no ORDER BY on the index scan (it is in id order
  // already): SQLite's joins and sort cost many times the lookup (docs/benchmarks.md, "MCP throughput").
  const product = db.prepare(`SELECT ${PRODUCT_ROW_SELECT} FROM products p WHERE p.id = ? AND p.published_at IS NOT NULL`);
  const products = db.prepare(
    `SELECT ${PRODUCT_ROW_SELECT} FROM products p WHERE p.id IN (SELECT value FROM json_each(?)) AND p.published_at IS NOT NULL`,
  );
  // Read in the order of products_by_gtin (gtin, price, id) and stopped at the limit: a GTIN
  // thousands of merchants sell costs no more than one a few do.
  const withGtin = db.prepare(
    `SELECT ${PRODUCT_ROW_SELECT} FROM products p WHERE p.gtin = ? AND p.published_at IS NOT NULL ORDER BY p.price_cents, p.id LIMIT ?`,
  );
  const countWithGtin = db.prepare('SELECT count(*) FROM products WHERE gtin = ? AND published_at IS NOT NULL').pluck();
  const descriptions = db
    .prepare('SELECT id, description FROM products WHERE id IN (SELECT value FROM json_each(?)) AND published_at IS NOT NULL')
    .raw();
  const storesOfMerchant = db.prepare(`SELECT ${STORE_COLUMNS} FROM stores WHERE merchant_id = ?`);
  const storePointsOfMerchant = db
    .prepare('SELECT id, latitude, longitude, city_id, district_id FROM stores WHERE merchant_id = ? ORDER BY id')
    .raw(true);
  const storePointsInBox = db
    .prepare(
      `SELECT r.id, s.merchant_id, s.latitude, s.longitude, s.city_id, s.district_id FROM stores_rtree r JOIN stores s ON s.id = r.id
       WHERE r.max_lat >= ? AND r.min_lat <= ? AND r.max_lon >= ? AND r.min_lon <= ?`,
    )
    .raw(true);

  return {
    counts,
    cities,
    categories,
    brands,
    brandsByKey: (key) => brandsByKey.get(key) ?? [],
    citiesByKey: (key) => citiesByKey.get(key) ?? [],
    // Sorted here, not by SQLite: the same sorter's cost for a few rows.
    districtsByKey: (key) => (districtsByKey.all(key) as DistrictRow[]).sort((a, b) => b.productsCount - a.productsCount),
    districtsOfCity: (cityId, limit) => districtsOfCity.all(cityId, limit) as DistrictRow[],
    categoryBySlug: (slug) => categoryBySlug.get(slug) as CategoryRow | undefined,
    product: (id) => product.get(id) as ProductRow | undefined,
    products: (ids) => (ids.length === 0 ? [] : (products.all(JSON.stringify(ids)) as ProductRow[])),
    productsWithGtin: (gtin, limit) => withGtin.all(gtin, limit) as ProductRow[],
    countWithGtin: (gtin) => countWithGtin.get(gtin) as number,
    descriptions: (ids) => new Map(ids.length === 0 ? [] : (descriptions.all(JSON.stringify(ids)) as [number, string][])),
    storesOfMerchant: (merchantId) => (storesOfMerchant.all(merchantId) as StoreRow[]).sort((a, b) => a.id - b.id),
    storePointsOfMerchant: (merchantId) => storePointsOfMerchant.all(merchantId) as [number, number, number, number, number][],
    storePointsInBox: (minLat, maxLat, minLon, maxLon) => storePointsInBox.all(minLat, maxLat, minLon, maxLon) as StorePoint[],
  };
}
