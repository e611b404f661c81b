import { EVERY_ORDINAL, type Match, type OrdinalRange } from '../index-read/search-index.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import { asksForAccessory } from '../query/accessories.ts';
import type { SearchWord } from '../query/vocabulary.ts';
import { type Columns, isExact, searchExpression } from '../query/words.ts';
import { tierToken, WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';
import { inStock, OUT_OF_STOCK_TIER } from './tiers.ts';
import type { WalkBudget } from './walk-budget.ts';

/** Matches are counted for the total up to this many; past it, the total says "at least". */
export const COUNT_CAP = 1_000;

/** How many products match in the place: exactly, or at least (counting stopped). */
export interface Total {
  value: number;
  relation: 'eq' | 'gte';
}

export const exactly = (value: number): Total => ({ value, relation: 'eq' });
export const atLeast = (value: number): Total => ({ value, relation: 'gte' });

/** A product found, its price, and the store that puts it in the place searched (coordinates plans). */
export interface Hit {
  productId: number;
  merchantId: number;
  views: number;
  likes: number;
  priceCents: number;
  /** Its popularity tier, or OUT_OF_STOCK_TIER (tiers.ts). */
  tier: number;
  distanceKm?: number;
  storeId?: number;
  /** The ranking group whose read found it (a search of words): how it matched. */
  group?: Columns;
  /** An accessory's title or category (search-schema.ts, search_rows.accessory). */
  accessory: boolean;
  /** Its real price drop of the last 30 days, in percent (read for the price_drop order only). */
  dropPercent?: number;
}

/** The page of results, and the total it is the beginning of: counted only when asked (a relaxed-away search never is). */
export interface Found {
  hits: Hit[];
  total: () => Total;
  /** The budget stopped the search: the hits are the best of what it read, maybe not of all. */
  cut: boolean;
  /**
   * The out-of-stock matches the plan read and left out: a circle's, exact when it read every
   * match, else at least those; a named place's when it read every match at once. (Otherwise a
   * named place counts them in its tier: out-of-stock.ts.)
   */
  leftOut?: Total;
}

export const nothingFound = (): Found => ({ hits: [], total: () => exactly(0), cut: false });

/**
 * A filter token and how many products have it: a bound on what it matches. Every filter the
 * index answers by token is one of these in `SearchRequest.facets`, so the plans, the bounds and
 * the costs below treat a new filter as they treat category and brand, without naming it.
 */
export interface Facet {
  /** The product has one of these (a category, or any of several categories asked together). */
  tokens: readonly string[];
  products: number;
}

/** A price range, as the ordinals of the products priced within it (every ordinal: an order by price only). */
export interface PriceFilter {
  ordinals: OrdinalRange;
}

export interface SearchRequest {
  words: SearchWord[];
  /** Where the words must all be: the ranking group read (any text column when not given). */
  columns?: Columns;
  /**
   * The filters by token, all of which a product must have: category (k<id>), brand (b<id>), as
   * src/search/local/facet-filters.ts lists them. The place is not one of them: each plan adds
   * its own tokens (tiers, merchants); nor is the price, a range of the index's rows.
   */
  facets: Facet[];
  /** A price range, or an order by price. */
  price?: PriceFilter | null;
  limit: number;
  budget: WalkBudget;
  /** Out-of-stock products are left out unless this is set; then they are read last (tiers.ts). */
  includeOutOfStock?: boolean;
  /** False: the exact groups are not read (a similar-products read, which ranks its candidates by its own measure). */
  exactGroups?: boolean;
}

/**
 * The ranking groups, best first: every word in the title, in what names the product, anywhere;
 * the title and naming groups each after their exact group (words.ts, RANKED_COLUMNS).
 */
export const RANKING_GROUPS = ['titleExact', 'title', 'namingExact', 'naming', 'any'] as const;

/**
 * The share of what is left of the budget an exact group may spend. An exact group is the next
 * group's matches, fewer: reading it whole where it has few matches in the place (every tier, or
 * the whole catalog) left the next group too little budget at a million products ("rapido" from
 * R$ 1,000 to 3,000 found nothing, in 35 ms).
 */
const EXACT_GROUP_SHARE = 0.25;

/**
 * The request of one ranking group, as every plan reads it (place-plans.ts, circle-plans.ts,
 * ordered-plans.ts): an exact group within its share of the budget (its refusals cut the share,
 * not the search: `exact`, and the next group holds the same matches), the others on the whole.
 */
export function groupRequest(request: SearchRequest, columns: Columns): { group: SearchRequest; exact: boolean } {
  const exact = isExact(columns);
  return { group: { ...request, columns, ...(exact ? { budget: request.budget.part(EXACT_GROUP_SHARE) } : {}) }, exact };
}

/**
 * Whether an exact group reads what the group after it reads: no word has alternatives other than
 * exact ones, and the query asks for an accessory, so none is left out (words.ts, searchExpression).
 */
const exactIsNext = (words: readonly SearchWord[]): boolean => words.every((w) => w.exact === undefined) && asksForAccessory(words);

/**
 * The groups a search reads: with no words, every product matches alike; no naming groups when
 * they would match what the title groups do; no exact groups when they would read what the next
 * ones read ("capa galaxy": the same expression twice, the second read for nothing).
 */
export const groupsOf = (request: SearchRequest): readonly Columns[] =>
  request.words.length > 0
    ? RANKING_GROUPS.filter(
        (c) =>
          (!c.startsWith('naming') || !request.words.every((w) => w.namingDocs === w.titleDocs)) &&
          ((request.exactGroups !== false && !exactIsNext(request.words)) || !isExact(c)),
      )
    : ['any'];

/**
 * The columns an exact group reads the words in when one read serves it and its next group: no
 * word has alternatives other than exact ones, so the exact group is the next group's matches less
 * the accessories, which every match is marked with (Hit.accessory). Otherwise the group's own.
 */
export function sharedReadOf(request: SearchRequest, columns: Columns): Columns {
  if (!isExact(columns) || !request.words.every((w) => w.exact === undefined)) return columns;
  return columns === 'titleExact' ? 'title' : 'naming';
}

/** A word's counts in a group's columns: of its exact alternatives in an exact group. */
function docsIn(word: SearchWord, columns: Columns): number {
  const counts = isExact(columns) && word.exact ? word.exact : word;
  if (columns === 'title' || columns === 'titleExact') return counts.titleDocs;
  return columns === 'any' ? counts.docs : counts.namingDocs;
}

/** At most how many products the words (in the columns given), the facets and price range can match, in all places (Infinity for none). */
export function matchBound(request: SearchRequest, columns: Columns = request.columns ?? 'any'): number {
  const bounds = request.words.map((w) => docsIn(w, columns));
  for (const facet of request.facets) bounds.push(facet.products);
  const ordinals = ordinalsOf(request);
  return Math.min(Infinity, ...bounds, ordinals.last - ordinals.first + 1);
}

/** The rows a read of the request is confined to: its price range's. */
const ordinalsOf = (request: SearchRequest): OrdinalRange => request.price?.ordinals ?? EVERY_ORDINAL;

/**
 * The estimated walk of one index read of the words and filters, with facet lists of
 * `facetEntries` entries more (a tier's, some merchants'): the sum of its lists, as a read walks
 * each term's list to intersect them (docs/benchmarks.md, "Bounded search"). A price range
 * confines every list to its ordinals, but a word's entries there are not counted: the whole list
 * bounds them. Words shaped like filter tokens have no count (the vocabulary leaves them out)
 * and are rare in product text.
 */
export function readCost(request: SearchRequest, facetEntries: number): number {
  let entries = facetEntries;
  for (const facet of request.facets) entries += facet.products;
  for (const word of request.words) entries += Number.isFinite(word.docs) ? word.docs : 0;
  return entries;
}

/**
 * The walk of a read of one slice (a popularity tier) with the request: FTS5 steps through the
 * slice's list and seeks into the longer lists rather than walking them whole (docs/benchmarks.md,
 * "A slice beside a long list"), so each list costs at most the slice's length.
 */
export function sliceCost(request: SearchRequest, sliceEntries: number): number {
  let entries = sliceEntries;
  for (const facet of request.facets) entries += Math.min(facet.products, sliceEntries);
  for (const word of request.words) entries += Math.min(Number.isFinite(word.docs) ? word.docs : 0, sliceEntries);
  return entries;
}

/** Every published product: the whole catalog's token in each of its tiers (facet-tokens.ts). */
const EVERY_PRODUCT = Array.from({ length: OUT_OF_STOCK_TIER }, (_, i) => tierToken(WHOLE_CATALOG_PLACE, i + 1));

/**
 * The request's expression in its columns (or those given), with more filter tokens: all of `facets`, one of each `anyFacets` group.
 * With no words and no token at all (a budget alone: "até 3 mil"), every product, the price range confining it: FTS5 refuses an empty expression.
 */
export function expressionOf(request: SearchRequest, more: { columns?: Columns; facets?: string[]; anyFacets?: string[][] } = {}): string {
  const columns = more.columns ?? request.columns ?? 'any';
  const facets = [...request.facets.flatMap((f) => (f.tokens.length === 1 ? f.tokens : [])), ...(more.facets ?? [])];
  const anyFacets = [...request.facets.flatMap((f) => (f.tokens.length > 1 ? [[...f.tokens]] : [])), ...(more.anyFacets ?? [])];
  if (request.words.length === 0 && facets.length === 0 && !anyFacets.some((group) => group.length > 0)) anyFacets.push(EVERY_PRODUCT);
  return searchExpression({ words: request.words, columns, facets, anyFacets });
}

const toHit = ([productId, merchantId, views, likes, priceCents, tier, accessory]: Match | [...Match, number]): Hit => ({
  productId,
  merchantId,
  views,
  likes,
  priceCents,
  tier,
  accessory: accessory === 1,
});

/**
 * The hits the request shows: out-of-stock ones only when it includes them. A read not confined
 * to the popularity tiers (a whole read of few matches, a merchant's list) keeps them out here,
 * after its count has said whether it read every match.
 */
export const shownOf = (request: SearchRequest, hits: Hit[]): Hit[] =>
  request.includeOutOfStock ? hits : hits.filter((hit) => inStock(hit.tier));

/** Up to `limit` matches of an expression in the request's price range, cheapest first (the dearest, `descending`). */
export function readMatches(reader: SearchReader, request: SearchRequest, expression: string, limit: number, descending = false): Hit[] {
  return reader.matches(expression, ordinalsOf(request), limit, descending).map(toHit);
}

/** Up to `limit` matches of an expression, cheapest first (the dearest, `descending`), each with whether it is in the place (a merchant's place token). */
export function readMarkingPlace(
  reader: SearchReader,
  request: SearchRequest,
  expression: string,
  placeToken: string,
  limit: number,
  descending = false,
): { hit: Hit; inPlace: boolean }[] {
  return reader
    .matchesMarkingPlace(expression, placeToken, ordinalsOf(request), limit, descending)
    .map((m) => ({ hit: toHit(m), inPlace: m[7] === 1 }));
}

/** Up to `limit` matches of an expression, of which those in the place (a merchant's place token) are kept. */
export function readInPlace(reader: SearchReader, request: SearchRequest, expression: string, placeToken: string, limit: number): Hit[] {
  const hits: Hit[] = [];
  for (const m of reader.matchesMarkingPlace(expression, placeToken, ordinalsOf(request), limit)) if (m[7] === 1) hits.push(toHit(m));
  return hits;
}

/** Those of `hits` (all matches of a wider expression, read already) that match `expression` too: one read of ids, not of rows. */
export function alsoMatching(reader: SearchReader, request: SearchRequest, expression: string, hits: Hit[]): Hit[] {
  if (hits.length === 0) return [];
  const ids = new Set(reader.productIdsMatching(expression, ordinalsOf(request), MAX_ID_READ));
  return hits.filter((hit) => ids.has(hit.productId));
}
/** Bounds alsoMatching's read. The wider expression's matches were few (at most whole-reads.ts's DIRECT_MATCHES in the whole catalog), and these are among them. */
const MAX_ID_READ = 50_000;

/** How many matches an expression has in the request's price range, counting up to `limit`. */
export function countOf(reader: SearchReader, request: SearchRequest, expression: string, limit: number): number {
  return reader.countMatches(expression, ordinalsOf(request), limit);
}

/**
 * Most viewed first, then most liked, then lowest id: a total order, so results are stable. The
 * tier comes first: the same order among products in stock (tiers follow views), and out-of-stock
 * products, when included, after them.
 */
export const byPopularity = (a: Hit, b: Hit) => a.tier - b.tier || b.views - a.views || b.likes - a.likes || a.productId - b.productId;
export const byDistance = (a: Hit, b: Hit) => a.distanceKm! - b.distanceKm! || byPopularity(a, b);
export const byPriceAscending = (a: Hit, b: Hit) => a.priceCents - b.priceCents || byPopularity(a, b);
export const byPriceDescending = (a: Hit, b: Hit) => b.priceCents - a.priceCents || byPopularity(a, b);
/** The largest real drop first (Hit.dropPercent), then by popularity. */
export const byDropPercent = (a: Hit, b: Hit) => (b.dropPercent ?? 0) - (a.dropPercent ?? 0) || byPopularity(a, b);
