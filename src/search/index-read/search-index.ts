import BetterSqlite3, { type Database } from 'better-sqlite3';
import { OUT_OF_STOCK_TIER } from '../index-build/search-schema.ts';
import { type SynonymTable, synonymTable } from '../query/synonyms.ts';
import type { IndexWord, Vocabulary } from '../query/vocabulary.ts';
import { tierToken, WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';

/*
 * The search wing's one module that touches the database: the full-text index, its rows in price
 * order, its vocabulary and the synonym table, read through the catalog's open handle
 * (CatalogReader.attach: opened once per snapshot, statements prepared once). Everything else in
 * src/search/ reads through the interface below, and sees a SearchExpressionError, never SQLite's
 * own error. The tables are declared by the index build (src/search/index-build/search-schema.ts).
 */

/** Ordinals of search rows (search-schema.ts, search_rows: the index's rowids, in price order), both inclusive. */
export interface OrdinalRange {
  first: number;
  last: number;
}

/** Every search row. */
export const EVERY_ORDINAL: OrdinalRange = { first: 0, last: Number.MAX_SAFE_INTEGER };

/**
 * A search index match: the product, its merchant, what it is ranked by, its price in cents, its
 * tier (search-schema.ts: a popularity tier, or OUT_OF_STOCK_TIER), and 1 for an accessory.
 */
export type Match = [
  productId: number,
  merchantId: number,
  views: number,
  likes: number,
  priceCents: number,
  tier: number,
  accessory: number,
];

/** A match and whether it is in the place searched (1) or not (0). */
export type PlaceMatch = [...Match, inPlace: number];

/** Prices in cents, both inclusive. */
export interface CentsRange {
  min: number;
  max: number;
}

/** The index's reads. Full-text expressions come from src/search/query/words.ts only. */
export interface SearchIndex extends Vocabulary {
  /** The lowest and highest prices of published products (null: none is published). */
  priceRange: CentsRange | null;
  /** The ordinals of the products priced within `price` (null: none is). */
  ordinalsPricedWithin(price: CentsRange): OrdinalRange | null;
  /**
   * Matches of a full-text expression (src/search/query/words.ts) among the rows `ordinals`, at
   * most `limit`, in price order (search_rows), the dearest first when `descending`. Reading from
   * either end of the lists is cheap; the start of a narrower range is found by walking to it.
   */
  matches(expression: string, ordinals: OrdinalRange, limit: number, descending?: boolean): Match[];
  /** The products of an expression's matches among `ordinals`, at most `limit`: which of matches already read are also these. */
  productIdsMatching(expression: string, ordinals: OrdinalRange, limit: number): number[];
  /** How many matches the expression has among `ordinals`, counting up to `limit` only (the index alone: cheap). */
  countMatches(expression: string, ordinals: OrdinalRange, limit: number): number;
  /** Matches, each marked 1 if its merchant has a store in the place (token c<id> or d<id>), at most `limit`, cheapest first (or the dearest). */
  matchesMarkingPlace(expression: string, placeToken: string, ordinals: OrdinalRange, limit: number, descending?: boolean): PlaceMatch[];
  /** How many published products are out of stock (read once, when first asked): the size of their tier. */
  outOfStockProducts(): number;
  /** How many published products have a real price drop of the last 30 days (PRICE_DROP_MARK; read once). */
  priceDroppedProducts(): number;
  /** A product's real drop of the last 30 days, in percent, or null (src/price-history/price-figures.ts, recentDropPercent). */
  dropPercent(productId: number): number | null;
  /** Matches (in the place, if given) ordered by bm25() over all of them: the naive plan, for the benchmark. */
  matchesByRelevance(expression: string, placeToken: string | null, limit: number): Match[];
}

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

/** The index's reads over an open snapshot; statements prepared here, once. */
export function openSearchIndex(db: Database): SearchIndex {
  // Prices rise with ordinals (search-schema.ts, search_rows): a bound is found by halving.
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
    // No bound inside the catalog's prices (no price asked for): every row, without the halving's reads.
    if (priceRange !== null && price.min <= priceRange.min && price.max >= priceRange.max) return { first: 1, last: published };
    const first = firstWhere((cents) => cents >= price.min);
    const last = firstWhere((cents) => cents > price.max) - 1;
    return first <= last ? { first, last } : null;
  };

  const matchRows = 'SELECT r.product_id, l.merchant_id, l.views, l.likes, r.price_cents, r.tier, r.accessory';
  const fromIndex = 'FROM products_fts f JOIN search_rows r ON r.ordinal = f.rowid JOIN engagement l ON l.product_id = r.product_id';
  // A range of ordinals costs FTS5 a walk to its start: every ordinal is asked for without one.
  const inOrdinals = (ranged: boolean) => (ranged ? ' AND f.rowid BETWEEN ? AND ?' : '');
  const everyOrdinal = (ordinals: OrdinalRange) => ordinals.first <= 1 && ordinals.last >= published;
  const bounds = (ordinals: OrdinalRange) => (everyOrdinal(ordinals) ? [] : [ordinals.first, ordinals.last]);
  /** A statement per direction, with and without a range of ordinals. */
  const byOrdinals = (sql: (ranged: boolean, direction: 'ASC' | 'DESC') => string, pluck = false) => {
    const [ascending, descending, ascendingIn, descendingIn] = [
      [false, 'ASC'],
      [false, 'DESC'],
      [true, 'ASC'],
      [true, 'DESC'],
    ].map(([ranged, direction]) => {
      const statement = db.prepare(sql(ranged as boolean, direction as 'ASC' | 'DESC'));
      return pluck ? statement.pluck() : statement.raw(true);
    });
    return (ordinals: OrdinalRange, descend = false) =>
      everyOrdinal(ordinals) ? (descend ? descending! : ascending!) : descend ? descendingIn! : ascendingIn!;
  };
  const matches = byOrdinals(
    (ranged, direction) =>
      `${matchRows} ${fromIndex} WHERE products_fts MATCH ?${inOrdinals(ranged)} ORDER BY f.rowid ${direction} LIMIT ?`,
  );
  const productIdsMatching = byOrdinals(
    (ranged) =>
      `SELECT r.product_id FROM products_fts f JOIN search_rows r ON r.ordinal = f.rowid WHERE products_fts MATCH ?${inOrdinals(ranged)} LIMIT ?`,
    true,
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
  // The out-of-stock tier's list in the whole catalog (a product's tier is in its place tokens).
  let outOfStock: number | null = null;
  const outOfStockProducts = () =>
    (outOfStock ??= (
      countMatches(EVERY_ORDINAL).get(tierToken(WHOLE_CATALOG_PLACE, OUT_OF_STOCK_TIER), Number.MAX_SAFE_INTEGER) as [number]
    )[0]);
  // The price history's marks (src/price-history/history-build.ts, price_history.drop_percent).
  let priceDropped: number | null = null;
  const countDropped = db.prepare('SELECT count(*) FROM price_history WHERE drop_percent IS NOT NULL').pluck();
  const dropPercent = db.prepare('SELECT drop_percent FROM price_history WHERE product_id = ?').pluck();
  // The upper bound is the prefix followed by the highest code point: every word that begins
  // with the prefix sorts between the two.
  const startingWith = 'SELECT word, docs, naming_docs, title_docs FROM search_words WHERE word >= ? AND word < ? || char(1114111)';
  const wordsStartingWith = db.prepare(`${startingWith} ORDER BY docs DESC, word LIMIT ?`).raw(true);
  // Most prefixes begin a few words: read in word order and sorted here, as SQLite's sorter costs
  // more than the read itself; a prefix of more than FEW_WORDS words is sorted by SQLite.
  const FEW_WORDS = 64;
  const firstWordsStartingWith = db.prepare(`${startingWith} LIMIT ${FEW_WORDS + 1}`).raw(true);
  const mostUsedFirst = (a: IndexWord, b: IndexWord) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
  const word = db.prepare('SELECT word, docs, naming_docs, title_docs FROM search_words WHERE word = ?').raw(true);
  const wordsBetween = db
    .prepare('SELECT word, docs, naming_docs, title_docs FROM search_words WHERE word >= ? AND word < ? AND length(word) BETWEEN ? AND ?')
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
    synonyms,
    wordsStartingWith: (prefix, limit) => {
      const few = firstWordsStartingWith.all(prefix, prefix) as IndexWord[];
      if (few.length > FEW_WORDS) return wordsStartingWith.all(prefix, prefix, limit) as IndexWord[];
      return few.sort(mostUsedFirst).slice(0, limit);
    },
    word: (text) => word.get(text) as IndexWord | undefined,
    wordsBetween: (from, to, minLength, maxLength) => wordsBetween.all(from, to, minLength, maxLength) as IndexWord[],
    priceRange,
    ordinalsPricedWithin,
    matches: (expression, ordinals, limit, descending) =>
      fullText(() => matches(ordinals, descending).all(expression, ...bounds(ordinals), limit) as Match[]),
    productIdsMatching: (expression, ordinals, limit) =>
      fullText(() => productIdsMatching(ordinals).all(expression, ...bounds(ordinals), limit) as number[]),
    countMatches: (expression, ordinals, limit) =>
      fullText(() => (countMatches(ordinals).get(expression, ...bounds(ordinals), limit) as [number])[0]),
    matchesMarkingPlace: (expression, placeToken, ordinals, limit, descending) =>
      fullText(() => matchesMarkingPlace(ordinals, descending).all(placeToken, expression, ...bounds(ordinals), limit) as PlaceMatch[]),
    outOfStockProducts,
    priceDroppedProducts: () => (priceDropped ??= countDropped.get() as number),
    dropPercent: (id) => (dropPercent.get(id) as number | null | undefined) ?? null,
    matchesByRelevance: (expression, placeToken, limit) =>
      fullText(
        () =>
          (placeToken === null
            ? matchesByRelevance.all(expression, limit)
            : matchesInPlaceByRelevance.all(expression, placeToken, limit)) as Match[],
      ),
  };
}
