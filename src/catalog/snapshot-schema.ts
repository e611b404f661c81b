/**
 * The SQLite snapshot layout. Version it: the server refuses a snapshot whose schema version it
 * does not know, instead of failing later on a missing column.
 */
export const SNAPSHOT_SCHEMA_VERSION = '1';

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
  city_key TEXT NOT NULL,
  district_key TEXT NOT NULL
);
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  category_slug TEXT NOT NULL,
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
-- Full-text search over title, description, category and brand. unicode61 with remove_diacritics 2
-- makes "eletronicos" match "Eletrônicos"; partial words are prefix queries ("fon*"), which the
-- term index answers without a separate prefix index.
CREATE VIRTUAL TABLE products_fts USING fts5(
  title, description, category, brand,
  content='products', content_rowid='id',
  tokenize='unicode61 remove_diacritics 2'
);
`;

/**
 * The full-text index, built in one pass once every product is in (a 'rebuild' costs about two
 * thirds of inserting the rows one by one) and merged into one segment, which queries read fastest.
 * A 32 MB term buffer (FTS5's default is 1 MB) flushes far fewer, larger segments: on a million
 * products, rebuild and merge take 7.5 s instead of 12.6 s, for 40 MB more memory meanwhile.
 */
export const SEARCH_INDEX_BUILD = `
INSERT INTO products_fts (products_fts, rank) VALUES ('hashsize', 33554432);
INSERT INTO products_fts (products_fts) VALUES ('rebuild');
INSERT INTO products_fts (products_fts) VALUES ('optimize');
`;

/**
 * Built at the end: indexes for the discovery queries (stores by merchant and place, products by
 * category, the newest published products), the store points for radius searches, and planner
 * statistics from a sample (analysis_limit) rather than a full scan.
 */
export const SNAPSHOT_INDEXES = `
CREATE INDEX stores_by_merchant ON stores (merchant_id);
CREATE INDEX stores_by_place ON stores (city_key, district_key);
CREATE INDEX products_by_category ON products (category_slug);
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
