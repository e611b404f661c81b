/**
 * The SQLite snapshot layout. Version it: the server refuses a snapshot whose schema version it
 * does not know, instead of failing later on a missing column.
 */
export const SNAPSHOT_SCHEMA_VERSION = '2';

/** Tables, loaded row by row. Indexes come afterwards (see below): much faster to build. */
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
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  brand TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  slug TEXT NOT NULL,
  image_url TEXT NOT NULL,
  published_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE TABLE engagement (
  product_id INTEGER PRIMARY KEY,
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
-- has a store there.
CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  state TEXT NOT NULL,
  key TEXT NOT NULL,
  products_count INTEGER NOT NULL,
  stores_count INTEGER NOT NULL
);
CREATE TABLE districts (
  id INTEGER PRIMARY KEY,
  city_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  key TEXT NOT NULL,
  products_count INTEGER NOT NULL,
  stores_count INTEGER NOT NULL
);
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  products_count INTEGER NOT NULL
);
-- Published products with what search ranks them by (views, then likes) and their merchant: a
-- narrow table, so a search reads a few cached pages rather than the products' long rows.
CREATE TABLE listing (
  product_id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  likes INTEGER NOT NULL
);
-- Popularity tiers by views (tier 1: the most viewed few). Each product's tier is a token in the
-- search index, so a search reads the most viewed matches first, tier by tier, and stops once it
-- has enough, instead of ranking every match.
CREATE TABLE popularity_tiers (
  tier INTEGER PRIMARY KEY,
  min_views INTEGER NOT NULL
);
-- Filter tokens of each merchant's products: m<merchant id>, c<city id> and d<district id> for
-- every place it has a store in. The index matches them like words, so place, category (k<id>) and
-- tier (p<tier>) filters are intersections of sorted lists inside the index, not joins over matches.
CREATE TABLE merchant_facets (
  merchant_id INTEGER PRIMARY KEY,
  tokens TEXT NOT NULL
);
-- What the search index is built from, read in product id order (the index's rowid order).
CREATE VIEW search_documents AS
  SELECT p.id AS id, p.title AS title, p.description AS description, p.category AS category, p.brand AS brand,
         'k' || p.category_id || ' ' || f.tokens || ' p' ||
           (SELECT min(t.tier) FROM popularity_tiers t WHERE l.views >= t.min_views) AS facets
  FROM products p
  CROSS JOIN listing l ON l.product_id = p.id
  CROSS JOIN merchant_facets f ON f.merchant_id = p.merchant_id;
-- Full-text search over title, description, category and brand of published products, plus the
-- filter tokens (facets). unicode61 with remove_diacritics 2 makes
-- "eletronicos" match "Eletrônicos"; partial words are prefix queries ("fon*"). detail=column: no
-- word positions (queries are words, never phrases), a smaller index, a faster build.
CREATE VIRTUAL TABLE products_fts USING fts5(
  title, description, category, brand, facets,
  content='search_documents', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2', detail=column
);
`;

/**
 * The full-text index, built in one pass once every product and counter is in (a 'rebuild' costs
 * about two thirds of inserting the rows one by one) and merged into one segment, which queries
 * read fastest.
 * A 32 MB term buffer (FTS5's default is 1 MB) flushes far fewer, larger segments: on a million
 * products, rebuild and merge take 7.5 s instead of 12.6 s, for 40 MB more memory meanwhile.
 */
export const SEARCH_INDEX_BUILD = `
INSERT INTO products_fts (products_fts, rank) VALUES ('hashsize', 33554432);
INSERT INTO products_fts (products_fts) VALUES ('rebuild');
INSERT INTO products_fts (products_fts) VALUES ('optimize');
`;

/**
 * Built at the end: indexes for the discovery queries (a merchant's stores, places and categories
 * by key, the newest published products), the store points for radius searches, and planner
 * statistics from a sample (analysis_limit) rather than a full scan.
 */
export const SNAPSHOT_INDEXES = `
CREATE INDEX stores_by_merchant ON stores (merchant_id);
CREATE INDEX cities_by_key ON cities (key);
CREATE INDEX districts_by_key ON districts (key, city_id);
CREATE INDEX categories_by_key ON categories (slug);
CREATE INDEX products_by_published ON products (published_at) WHERE published_at IS NOT NULL;

CREATE VIRTUAL TABLE stores_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
INSERT INTO stores_rtree SELECT id, latitude, latitude, longitude, longitude FROM stores;

PRAGMA analysis_limit = 1000;
ANALYZE;
`;

/** Keys of the meta table. */
export const META = {
  schemaVersion: 'schema_version',
  catalogVersion: 'catalog_version',
  generatedAt: 'generated_at',
  sourceFingerprint: 'source_fingerprint',
} as const;
