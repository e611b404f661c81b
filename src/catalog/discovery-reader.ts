import BetterSqlite3, { type Database } from 'better-sqlite3';
import { type SynonymTable, synonymTable } from '../search/query/synonyms.ts';
import type { IndexWord, Vocabulary } from '../search/query/words.ts';
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

/** Ordinals of search rows (snapshot-schema.ts, search_rows: the index's rowids, in price order), both inclusive. */
export interface OrdinalRange {
  first: number;
  last: number;
}

/** Every search row. */
export const EVERY_ORDINAL: OrdinalRange = { first: 0, last: Number.MAX_SAFE_INTEGER };

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

/** A search index match: the product, its merchant, what it is ranked by, and its price in cents. */
export type Match = [productId: number, merchantId: number, views: number, likes: number, priceCents: number];

/** A match and whether it is in the place searched (1) or not (0). */
export type PlaceMatch = [...Match, inPlace: number];

/** Prices in cents, both inclusive. */
export interface CentsRange {
  min: number;
  max: number;
}

/** A store point from the geographic index, with the city and district it is in. */
export type StorePoint = [storeId: number, merchantId: number, latitude: number, longitude: number, cityId: number, districtId: number];

/**
 * The discovery queries (catalog_overview, search_local_products, get_product) over an opened
 * snapshot; statements prepared once. Full-text expressions come from src/search/query/words.ts only.
 */
export interface DiscoveryReader extends Vocabulary {
  counts: CatalogCounts;
  /** Every city and category, most products first (small tables, read once at open). */
  cities: CityRow[];
  categories: CategoryRow[];
  /** Every brand, most products first. */
  brands: BrandRow[];
  /** The lowest and highest prices of published products (null: none is published). */
  priceRange: CentsRange | null;
  /** The ordinals of the products priced within `price` (null: none is). */
  ordinalsPricedWithin(price: CentsRange): OrdinalRange | null;
  brandsByKey(key: string): BrandRow[];
  citiesByKey(key: string): CityRow[];
  districtsByKey(key: string): DistrictRow[];
  /** A city's districts, most products first. */
  districtsOfCity(cityId: number, limit: number): DistrictRow[];
  categoryBySlug(slug: string): CategoryRow | undefined;
  /**
   * Matches of a full-text expression (src/search/query/words.ts) among the rows `ordinals`, at
   * most `limit`, in price order (search_rows), the dearest first when `descending`. Reading from
   * either end of the lists is cheap; the start of a narrower range is found by walking to it.
   */
  matches(expression: string, ordinals: OrdinalRange, limit: number, descending?: boolean): Match[];
  /** How many matches the expression has among `ordinals`, counting up to `limit` only (the index alone: cheap). */
  countMatches(expression: string, ordinals: OrdinalRange, limit: number): number;
  /** Matches, each marked 1 if its merchant has a store in the place (token c<id> or d<id>), at most `limit`. */
  matchesMarkingPlace(expression: string, placeToken: string, ordinals: OrdinalRange, limit: number): PlaceMatch[];
  /** Matches (in the place, if given) ordered by bm25() over all of them: the naive plan, for the benchmark. */
  matchesByRelevance(expression: string, placeToken: string | null, limit: number): Match[];
  /** A published product by id; drafts are not public. */
  product(id: number): ProductRow | undefined;
  storesOfMerchant(merchantId: number): StoreRow[];
  /** A merchant's store points only: what a radius search measures. */
  storePointsOfMerchant(merchantId: number): [storeId: number, latitude: number, longitude: number, cityId: number, districtId: number][];
  storePointsInBox(minLat: number, maxLat: number, minLon: number, maxLon: number): StorePoint[];
}

const STORE_COLUMNS = `id, merchant_id AS merchantId, name, address, district, city, state, postal_code AS postalCode,
  latitude, longitude, city_id AS cityId, district_id AS districtId`;

/**
 * A full-text expression SQLite refused. Words are reduced to what the tokenizer itself keeps
 * (src/search/query/words.ts), so this is not expected; the tools answer it as words that could
 * not be searched. Callers see this, never SQLite's own error.
 */
export class SearchExpressionError extends Error {}

/** Runs a full-text read, turning SQLite's refusal of the expression into a SearchExpressionError. */
function fullText<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof BetterSqlite3.SqliteError) throw new SearchExpressionError(error.message, { cause: error });
    throw error;
  }
}

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
  // Prices rise with ordinals (snapshot-schema.ts, search_rows): a bound is found by halving.
  const published = (db.prepare('SELECT max(ordinal) FROM search_rows').pluck().get() as number | null) ?? 0;
  const priceAt = db.prepare('SELECT price_cents FROM search_rows WHERE ordinal = ?').pluck();
  /** The first ordinal whose price passes `test`, which holds from some ordinal on; published + 1 if none. */
  const firstWhere = (test: (cents: number) => boolean) => {
    let [low, high] = [1, published + 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (test(priceAt.get(middle) as number)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const priceRange = published === 0 ? null : { min: priceAt.get(1) as number, max: priceAt.get(published) as number };
  const ordinalsPricedWithin = (price: CentsRange): OrdinalRange | null => {
    const first = firstWhere((cents) => cents >= price.min);
    const last = firstWhere((cents) => cents > price.max) - 1;
    return first <= last ? { first, last } : null;
  };
  const brandsByKey = new Map<string, BrandRow[]>();
  for (const brand of brands) brandsByKey.set(brand.key, [...(brandsByKey.get(brand.key) ?? []), brand]);

  const citiesByKey = db.prepare(`SELECT ${cityColumns} FROM cities WHERE key = ? ORDER BY products_count DESC`);
  const districtColumns = `id, city_id AS cityId, name, products_count AS productsCount, ${extent}`;
  const districtsByKey = db.prepare(`SELECT ${districtColumns} FROM districts WHERE key = ? ORDER BY products_count DESC`);
  const categoryBySlug = db.prepare('SELECT id, name, slug, products_count AS productsCount FROM categories WHERE slug = ?');
  const districtsOfCity = db.prepare(
    `SELECT ${districtColumns} FROM districts WHERE city_id = ? ORDER BY products_count DESC, name LIMIT ?`,
  );
  const matchRows = 'SELECT r.product_id, l.merchant_id, l.views, l.likes, r.price_cents';
  const fromIndex = 'FROM products_fts f JOIN search_rows r ON r.ordinal = f.rowid JOIN engagement l ON l.product_id = r.product_id';
  // A range of ordinals costs FTS5 a walk to its start: every ordinal is asked for without one.
  const inOrdinals = (ranged: boolean) => (ranged ? ' AND f.rowid BETWEEN ? AND ?' : '');
  const everyOrdinal = (ordinals: OrdinalRange) => ordinals.first <= 1 && ordinals.last >= published;
  const bounds = (ordinals: OrdinalRange) => (everyOrdinal(ordinals) ? [] : [ordinals.first, ordinals.last]);
  /** A statement per direction, with and without a range of ordinals. */
  const byOrdinals = (sql: (ranged: boolean, direction: 'ASC' | 'DESC') => string) => {
    const [ascending, descending, ascendingIn, descendingIn] = [
      [false, 'ASC'],
      [false, 'DESC'],
      [true, 'ASC'],
      [true, 'DESC'],
    ].map(([ranged, direction]) => db.prepare(sql(ranged as boolean, direction as 'ASC' | 'DESC')).raw(true));
    return (ordinals: OrdinalRange, descend = false) =>
      everyOrdinal(ordinals) ? (descend ? descending! : ascending!) : descend ? descendingIn! : ascendingIn!;
  };
  const matches = byOrdinals(
    (ranged, direction) =>
      `${matchRows} ${fromIndex} WHERE products_fts MATCH ?${inOrdinals(ranged)} ORDER BY f.rowid ${direction} LIMIT ?`,
  );
  const countMatches = byOrdinals(
    (ranged) => `SELECT count(*) FROM (SELECT f.rowid FROM products_fts f WHERE products_fts MATCH ?${inOrdinals(ranged)} LIMIT ?)`,
  );
  // merchant_places lists "c1t? d45t?": each place token followed by the tier placeholder.
  const inPlace = "instr(' ' || mp.places, ' ' || ? || 't?') > 0";
  const placeJoin = 'JOIN merchant_places mp ON mp.merchant_id = l.merchant_id';
  const matchesMarkingPlace = byOrdinals(
    (ranged, direction) =>
      `${matchRows}, ${inPlace} ${fromIndex} ${placeJoin} WHERE products_fts MATCH ?${inOrdinals(ranged)} ORDER BY f.rowid ${direction} LIMIT ?`,
  );
  const matchesByRelevance = db
    .prepare(`${matchRows} ${fromIndex} WHERE products_fts MATCH ? ORDER BY bm25(products_fts) LIMIT ?`)
    .raw(true);
  const matchesInPlaceByRelevance = db
    .prepare(`${matchRows} ${fromIndex} ${placeJoin} WHERE products_fts MATCH ? AND ${inPlace} ORDER BY bm25(products_fts) LIMIT ?`)
    .raw(true);
  // The upper bound is the prefix followed by the highest code point: every word that begins
  // with the prefix sorts between the two.
  const wordsStartingWith = db
    .prepare(
      `SELECT word, docs, naming_docs, title_docs FROM search_words WHERE word >= ? AND word < ? || char(1114111) ORDER BY docs DESC LIMIT ?`,
    )
    .raw(true);
  const word = db.prepare('SELECT word, docs, naming_docs, title_docs FROM search_words WHERE word = ?').raw(true);
  const wordsBetween = db
    .prepare('SELECT word, docs, naming_docs, title_docs FROM search_words WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ?')
    .raw(true);
  // Scalar subqueries instead of joins, and no ORDER BY on the index scan (it is in id order
  // already): SQLite's joins and sort cost many times the lookup (docs/benchmarks.md, "MCP throughput").
  const product = db.prepare(`SELECT ${PRODUCT_ROW_SELECT} FROM products p WHERE p.id = ? AND p.published_at IS NOT NULL`);
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

  // The operator's synonym groups (the export's synonyms file), with the built-in ones.
  const operatorGroups = new Map<number, string[]>();
  for (const [group, member] of db.prepare('SELECT group_id, member FROM synonyms ORDER BY group_id, position').raw().all() as [
    number,
    string,
  ][]) {
    operatorGroups.set(group, [...(operatorGroups.get(group) ?? []), member]);
  }
  const synonyms: SynonymTable = synonymTable([...operatorGroups.values()]);

  return {
    counts,
    cities,
    categories,
    brands,
    brandsByKey: (key) => brandsByKey.get(key) ?? [],
    synonyms,
    citiesByKey: (key) => citiesByKey.all(key) as CityRow[],
    districtsByKey: (key) => districtsByKey.all(key) as DistrictRow[],
    districtsOfCity: (cityId, limit) => districtsOfCity.all(cityId, limit) as DistrictRow[],
    categoryBySlug: (slug) => categoryBySlug.get(slug) as CategoryRow | undefined,
    wordsStartingWith: (prefix, limit) => wordsStartingWith.all(prefix, prefix, limit) as IndexWord[],
    word: (text) => word.get(text) as IndexWord | undefined,
    wordsBetween: (from, to, minLength, maxLength) => wordsBetween.all(from, to, minLength, maxLength) as IndexWord[],
    priceRange,
    ordinalsPricedWithin,
    matches: (expression, ordinals, limit, descending) =>
      fullText(() => matches(ordinals, descending).all(expression, ...bounds(ordinals), limit) as Match[]),
    countMatches: (expression, ordinals, limit) =>
      fullText(() => (countMatches(ordinals).get(expression, ...bounds(ordinals), limit) as [number])[0]),
    matchesMarkingPlace: (expression, placeToken, ordinals, limit) =>
      fullText(() => matchesMarkingPlace(ordinals).all(placeToken, expression, ...bounds(ordinals), limit) as PlaceMatch[]),
    matchesByRelevance: (expression, placeToken, limit) =>
      fullText(
        () =>
          (placeToken === null
            ? matchesByRelevance.all(expression, limit)
            : matchesInPlaceByRelevance.all(expression, placeToken, limit)) as Match[],
      ),
    product: (id) => product.get(id) as ProductRow | undefined,
    storesOfMerchant: (merchantId) => (storesOfMerchant.all(merchantId) as StoreRow[]).sort((a, b) => a.id - b.id),
    storePointsOfMerchant: (merchantId) => storePointsOfMerchant.all(merchantId) as [number, number, number, number, number][],
    storePointsInBox: (minLat, maxLat, minLon, maxLon) => storePointsInBox.all(minLat, maxLat, minLon, maxLon) as StorePoint[],
  };
}
