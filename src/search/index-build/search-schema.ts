import { ACCESSORY_FIRST_WORDS_SQL } from '../query/accessories.ts';
import {
  ACCESSORY_MARK,
  DROP_BANDS,
  dropBandToken,
  PRICE_DROP_MARK,
  productFacetsSql,
  TIER_PLACEHOLDER,
  wordTermsSql,
} from '../tokens/facet-tokens.ts';

/*
 * The search index's part of the snapshot: its tables, the rows they are filled from, and the
 * SQL of its build in parts. Here, beside the build, because it is written in the facet tokens'
 * grammar (src/search/tokens/); the catalog's own tables are src/catalog-read/snapshot-schema.ts, and
 * SNAPSHOT_SCHEMA_VERSION there covers both. Read by src/search/index-read/search-index.ts only.
 */

/** The full-text index's declaration: the snapshot's, and each part's while it is built (SEARCH_INDEX_PART). */
const PRODUCTS_FTS_TABLE = `CREATE VIRTUAL TABLE products_fts USING fts5(
  title, description, category, brand, facets,
  content='search_documents', content_rowid='ordinal',
  tokenize='unicode61 remove_diacritics 2', detail=column
);`;

/** The search index's tables, created with the catalog's (SNAPSHOT_TABLES) before the load. */
export const SEARCH_TABLES = `
-- The published products in price order, then id: a row's ordinal is the product's rowid in the
-- full-text index, so that the index lists every word's products cheapest first. An order by price
-- reads a word's list from either end and stops at the page (src/search/planner/price-order.ts);
-- a price range is a range of ordinals (prices rise with them: found by halving). The product's
-- popularity tier (TIER_SHARES) is here for the index's build, which reads the rows in this
-- order: looked up in the counters instead, it cost a second read at random per product.
-- accessory: 1 for an accessory's title or category (ACCESSORY_MARK in the facets), so that one
-- read of a title's matches tells the exact group's from the accessories (place-plans.ts).
CREATE TABLE search_rows (
  ordinal INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  tier INTEGER NOT NULL,
  accessory INTEGER NOT NULL
);
-- The places of each merchant's products, one token per city (c<id>) and district (d<id>) it has
-- a store in, each ending in the tier placeholder "t?" ("c0t? c1t? d45t?"). In the index a product
-- of tier 3 gets "c0t3 c1t3 d45t3": one short list per place and tier, so "in São Paulo, tier 1" is
-- a single list of a few hundred products, not the intersection of two huge ones. c0 is the whole
-- catalog (city ids start at 1), every merchant's: the tiers a catalog-wide search reads.
CREATE TABLE merchant_places (
  merchant_id INTEGER PRIMARY KEY,
  places TEXT NOT NULL
);
-- Full-text search over title, description, category and brand of published products, plus the
-- filter tokens (facets). unicode61 with remove_diacritics 2 makes "eletronicos" match
-- "Eletrônicos". detail=column: no word positions (queries are words, never phrases), a smaller
-- index, a faster build.
-- Its content is the view search_documents (searchDocumentsView), made once the tiers are known.
${PRODUCTS_FTS_TABLE}
-- The operator's synonym groups (the export's optional synonyms.txt), each member folded as a
-- query is; search adds them to its built-in table.
CREATE TABLE synonyms (
  group_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  member TEXT NOT NULL,
  PRIMARY KEY (group_id, position)
) WITHOUT ROWID;
-- The index's words with the number of products each is in. A partial word ("gela") is searched
-- as the words it begins ("geladeira", "gelatina"): FTS5's own prefix query ("gela"*) merges every
-- such word's list before reading the first match, on every query; and the counts let a search
-- pick its plan (few matches: read them all; many: read the most viewed tiers first).
-- docs sums the word's products over every text column, naming_docs over title, category and
-- brand (what names the product), title_docs in titles: the ranking groups (src/search/query/words.ts,
-- RANKED_COLUMNS). Upper bounds, enough to plan with.
CREATE TABLE search_words (
  word TEXT PRIMARY KEY,
  docs INTEGER NOT NULL,
  naming_docs INTEGER NOT NULL,
  title_docs INTEGER NOT NULL
) WITHOUT ROWID;
`;

/**
 * Popularity tiers: the share of published products (by views) up to the end of each tier. Tier 1
 * holds the most viewed 0.05% (500 products at most: tierSharesOf), so a search for a common word
 * finds its ten best in tier 1 alone.
 * The build assigns them (src/catalog-build/record-loaders.ts); search reads them in this order (src/search/planner/tiers.ts).
 */
export const TIER_SHARES = [0.0005, 0.0025, 0.01, 0.05, 0.2, 1];

/**
 * Up to this many published products the tiers are TIER_SHARES; past it, every tier but the last
 * keeps the size it has here and the last takes the rest. Tier 1 is then the 500 most viewed
 * products at 4 million as at 1 million: a page in popularity order reads the same few rows
 * however large the catalog ("no query" and "category only" read four times the rows at 4 million
 * when tier 1 was a share: docs/benchmarks.md, "The cost curve").
 */
export const TIERS_GROW_UP_TO = 1_000_000;

/** The tiers' cumulative shares in a catalog of `products` published products (TIER_SHARES, bounded past TIERS_GROW_UP_TO). */
export function tierSharesOf(products: number): number[] {
  const scale = Math.min(1, TIERS_GROW_UP_TO / Math.max(1, products));
  return TIER_SHARES.map((share, i) => (i === TIER_SHARES.length - 1 ? share : share * scale));
}

/**
 * Out-of-stock products are in a tier of their own after the last (TIER_SHARES.length + 1),
 * whatever their views: a search reads the popularity tiers and leaves them out by reading no
 * further, and reads this tier last only when they are asked for (src/search/planner/tiers.ts).
 */
export const OUT_OF_STOCK_TIER = TIER_SHARES.length + 1;

/**
 * The published products' search rows, in price order then id (ordinals from 1), each with its
 * popularity tier: `minViews` is each tier's lowest view count, from tier 1 down; written into
 * the statement, a CASE is faster than a lookup. Out of stock: OUT_OF_STOCK_TIER.
 */
export function searchRowsInsert(minViews: number[]): string {
  const tier = `CASE WHEN p.availability = 'out_of_stock' THEN ${OUT_OF_STOCK_TIER} ${minViews.map((min, i) => `WHEN l.views >= ${Math.trunc(min)} THEN ${i + 1}`).join(' ')} ELSE ${minViews.length} END`;
  return `
INSERT INTO search_rows (product_id, price_cents, tier, accessory)
  SELECT p.id, p.price_cents, ${tier}, ${isAccessory('p')} FROM products p CROSS JOIN engagement l ON l.product_id = p.id
  WHERE p.published_at IS NOT NULL ORDER BY p.price_cents, p.id`;
}

/**
 * Whether product `p` is an accessory, 1 or 0: titled without "para" ("Suporte de Parede TV
 * LED") by an accessory's first word, or in an accessories' category (src/search/query/accessories.ts).
 * Its index document is then marked (ACCESSORY_MARK), to rank after the thing.
 */
function isAccessory(p: string): string {
  const firstWord = (column: string) => `lower(substr(${column}, 1, instr(${column} || ' ', ' ') - 1))`;
  const words = ACCESSORY_FIRST_WORDS_SQL.map((w) => `'${w}'`).join(', ');
  return `(${firstWord(`${p}.title`)} IN (${words}) OR ${firstWord(`${p}.category`)} IN (${words}))`;
}

/**
 * What the search index holds of a product: title (up to " para "), description (with the rest of
 * the title), category, brand, and the facets: merchant (m<id>), category (k<id>), brand (b<id>)
 * and place-and-tier tokens, matched like words. A product's popularity tier (1: the most viewed
 * few) is part of its place tokens, so a search reads the most viewed matches in a place first,
 * tier by tier, and stops once it has enough, instead of ranking every match. From a product row
 * `p`, its merchant's places `f`, and `row`, its search row (ordinal, tier and accessory mark).
 */
function searchDocumentColumns(row: string): string {
  // What a title says the product is for ("Capa para Celular", "Rack para TV") is indexed with
  // the description: a search for "celular" ranks the phones above their cases. Accessories
  // titled otherwise are marked (search_rows.accessory).
  const forAt = "instr(lower(p.title), ' para ')";
  const accessory = `CASE WHEN ${row}.accessory THEN ' ${ACCESSORY_MARK}' ELSE '' END`;
  // A real price drop of the last 30 days (the snapshot's price_history, written before the index).
  const bands = DROP_BANDS.map((least, i) => `WHEN h.drop_percent >= ${least} THEN ' ${PRICE_DROP_MARK} ${dropBandToken(i + 1)}'`).join(
    ' ',
  );
  const dropped = `CASE ${bands} ELSE '' END`;
  return `${row}.ordinal AS ordinal,
         CASE WHEN ${forAt} > 0 THEN substr(p.title, 1, ${forAt} - 1) ELSE p.title END AS title,
         CASE WHEN ${forAt} > 0 THEN substr(p.title, ${forAt} + 1) || ' ' || p.description ELSE p.description END AS description,
         p.category AS category, p.brand AS brand,
         ${productFacetsSql('p.merchant_id', 'p.category_id', 'p.brand_id')} || ' ' || replace(f.places, '${TIER_PLACEHOLDER}', ${row}.tier) || ${accessory} || ${dropped} AS facets`;
}

/** The search index's content (FTS5 reads it by rowid, an ordinal of search_rows). */
export function searchDocumentsView(): string {
  return `
CREATE VIEW search_documents AS
  SELECT ${searchDocumentColumns('r')}
  FROM search_rows r
  CROSS JOIN products p ON p.id = r.product_id
  CROSS JOIN merchant_places f ON f.merchant_id = p.merchant_id
  LEFT JOIN price_history h ON h.product_id = r.product_id;
`;
}

/**
 * The full-text index is built in parts, one per core, each from a range of ordinals (search_rows)
 * into a file of its own (search-index-worker.ts), then joined into the snapshot's index
 * (search-index-build.ts). A part reads its products in id order, the table's own, and SQLite
 * sorts them into the index's order, the ordinals' (FTS5 writes a segment whenever a rowid is
 * lower than the one before): read in ordinal order, each product would be a read at random in
 * the table (docs/benchmarks.md, "The build"). So a part first writes its range's search rows by
 * product id (`part_rank`), then reads the products through them.
 *
 * Each part indexes with a large term buffer (FTS5's default is 1 MB: far more, smaller segments)
 * and no automatic merges, so that no part is left mid-merge, which the join could not carry
 * over. The part's words and their counts per column go into part_words, without the filter
 * tokens: those are a letter b, c, d, k or m then digits, so the vocabulary is read in the ranges
 * between them (fts5vocab reads a term range, not a pattern). A word of that shape in the text
 * ("m4") is left out here, and still found.
 */
export const SEARCH_INDEX_PART = {
  table: PRODUCTS_FTS_TABLE,
  rank: {
    table:
      'CREATE TABLE part_rank (product_id INTEGER PRIMARY KEY, ordinal INTEGER NOT NULL, tier INTEGER NOT NULL, accessory INTEGER NOT NULL)',
    /** With the snapshot attached. Parameters: the range's first ordinal, and the ordinal after its last. */
    insert: `INSERT INTO part_rank SELECT product_id, ordinal, tier, accessory FROM snapshot.search_rows
      WHERE ordinal >= ? AND ordinal < ? ORDER BY product_id`,
  },
  settings: {
    termBuffer: `INSERT INTO products_fts (products_fts, rank) VALUES ('hashsize', ?)`,
    noMerges: `INSERT INTO products_fts (products_fts, rank) VALUES ('automerge', 0)`,
  },
  /** With the snapshot attached, after `rank`. */
  insert: `
INSERT INTO products_fts (rowid, title, description, category, brand, facets)
  SELECT ${searchDocumentColumns('k')}
  FROM part_rank k
  CROSS JOIN snapshot.products p ON p.id = k.product_id
  CROSS JOIN snapshot.merchant_places f ON f.merchant_id = p.merchant_id
  LEFT JOIN snapshot.price_history h ON h.product_id = k.product_id
  ORDER BY k.ordinal`,
  words: `
CREATE VIRTUAL TABLE temp.index_terms USING fts5vocab(main, 'products_fts', 'col');
CREATE TABLE part_words AS
  SELECT term AS word, sum(doc) AS docs,
         coalesce(sum(doc) FILTER (WHERE col IN ('title', 'category', 'brand')), 0) AS naming_docs,
         coalesce(sum(doc) FILTER (WHERE col = 'title'), 0) AS title_docs FROM (
    ${wordTermsSql('temp.index_terms')})
  GROUP BY term;
DROP TABLE temp.index_terms;`,
};
