import { PRODUCTS_TABLE } from './product-columns.ts';

/**
 * The SQLite snapshot layout. Version it: the server refuses a snapshot whose schema version it
 * does not know, instead of failing later on a missing column. The version covers the search
 * index's tables too, which the search wing declares (src/search/index-build/search-schema.ts).
 */
export const SNAPSHOT_SCHEMA_VERSION = '14';

/** How many of the newest published products the snapshot keeps: the showcase's maximum, 20. */
export const NEWEST_PRODUCTS_KEPT = 20;

/**
 * The catalog's tables, loaded row by row; the search index's are SEARCH_TABLES
 * (src/search/index-build/search-schema.ts). Indexes come afterwards (see below): much faster to build.
 */
export const SNAPSHOT_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE merchants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL
);
CREATE TABLE stores (
  id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  district TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  city_id INTEGER NOT NULL,
  district_id INTEGER NOT NULL
);
${PRODUCTS_TABLE}
-- Counters, read by the statistics endpoint: one row per product with counters or published (zeros
-- when published without), with its merchant, or 0 for a draft, which search never lists (its
-- rows, search_rows, are the published products'). One table rather than two saves a million inserts.
CREATE TABLE engagement (
  product_id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  likes INTEGER NOT NULL,
  dislikes INTEGER NOT NULL
);
-- The merchant statistics endpoint answers with one primary-key lookup; summed while loading.
CREATE TABLE merchant_stats (
  merchant_id INTEGER PRIMARY KEY,
  products_count INTEGER NOT NULL,
  stores_count INTEGER NOT NULL,
  views INTEGER NOT NULL,
  likes INTEGER NOT NULL,
  dislikes INTEGER NOT NULL
);
-- Places and categories, identified by folded keys ("sao paulo" is "São Paulo"), with the counts
-- of published products that catalog_overview lists. A product is in a place when its merchant
-- has a store there. A place's centre is the mean of its stores' points, and its radius the
-- distance from there to its farthest store: what "nearest first" in a named place measures from.
CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  state TEXT NOT NULL,
  key TEXT NOT NULL,
  products_count INTEGER NOT NULL,
  stores_count INTEGER NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  radius_km REAL NOT NULL
);
CREATE TABLE districts (
  id INTEGER PRIMARY KEY,
  city_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  key TEXT NOT NULL,
  products_count INTEGER NOT NULL,
  stores_count INTEGER NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  radius_km REAL NOT NULL
);
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  products_count INTEGER NOT NULL
);
-- Brands by folded key ("Brastemp", "brastemp"), named as first seen: the brand filter (b<id>).
CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  key TEXT NOT NULL,
  products_count INTEGER NOT NULL
);
-- The newest published products (publication time, then id, descending), for the public showcase
-- (/gpt/products.json): kept in a bounded list while loading, rather than an index over every row.
CREATE TABLE showcase (
  position INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL
);

`;

/**
 * Built at the end, first: the store points for radius searches (an R*Tree takes its rows one by
 * one, faster with the load's larger cache than with the sorts' small one).
 */
export const SNAPSHOT_POINTS = `
CREATE VIRTUAL TABLE stores_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
INSERT INTO stores_rtree SELECT id, latitude, latitude, longitude, longitude FROM stores;
`;

/**
 * Built at the end, last, as sorts on every core (src/search/index-build/sorter-settings.ts):
 * indexes for the discovery queries (a merchant's stores, places and categories by key) and
 * for the same product's other offers; planner statistics follow (src/catalog-build/planner-statistics.ts).
 * No index over all the products' rows: one would lengthen the build (docs/benchmarks.md, "The
 * build"), and discovery reads products by id but for the GTIN's.
 */
export const SNAPSHOT_INDEXES = `
CREATE INDEX stores_by_merchant ON stores (merchant_id);
CREATE INDEX cities_by_key ON cities (key);
CREATE INDEX districts_by_key ON districts (key, city_id);
CREATE INDEX categories_by_key ON categories (slug);
-- The same product at other merchants, and UCP's lookup by barcode: only the published products
-- that have one, in price order, so that the cheapest few are read and the rest only counted.
CREATE INDEX products_by_gtin ON products (gtin, price_cents, id) WHERE gtin IS NOT NULL AND published_at IS NOT NULL;
`;

/** Keys of the meta table. */
export const META = {
  schemaVersion: 'schema_version',
  catalogVersion: 'catalog_version',
  generatedAt: 'generated_at',
  sourceFingerprint: 'source_fingerprint',
  /** The origins of most products' images, most first (a JSON array): what the product cards may load. */
  imageOrigins: 'image_origins',
  /** The catalog's date (YYYY-MM-DD, São Paulo) the price history is of: export.json's asOf, else the build's clock. */
  priceHistoryDate: 'price_history_date',
  /** What the build hands the history store's record (a JSON object: src/price-history/history-store.ts, HistoryRecord's base and more). */
  priceHistoryRecord: 'price_history_record',
  /** The prices at a glance (a JSON object: src/price-history/history-build.ts, PriceSummary). */
  priceHistorySummary: 'price_history_summary',
} as const;
