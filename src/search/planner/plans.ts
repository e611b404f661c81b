import type { DiscoveryReader, Match, PlaceMatch } from '../../catalog/discovery-reader.ts';
import { TIER_SHARES } from '../../catalog/snapshot-schema.ts';
import { type Columns, type SearchWord, searchExpression } from '../query/words.ts';
import { merchantToken, tierToken } from '../tokens/facet-tokens.ts';
import { boundingBox, distanceKm } from './geo.ts';
import type { Place } from './place.ts';

/** The ranking groups, best first: every word in the title, in what names the product, anywhere. */
const RANKING_GROUPS = ['title', 'naming', 'any'] as const;
/** Number of popularity tiers in the index. */
const TIERS = TIER_SHARES.length;
/** Each tier's share of the products (TIER_SHARES is cumulative). */
const TIER_SIZES = TIER_SHARES.map((share, i) => share - (TIER_SHARES[i - 1] ?? 0));
/** The first of the large tiers: the last two hold 95% of the products. */
const LARGE_TIERS_FROM = TIERS - 1;
/** Bounds one index read, so no query can make a search unbounded. */
const MAX_MATCHES = 50_000;
/** In a city or district, words or a category with at most this many matches are read whole. */
const DIRECT_MATCHES = 5_000;
/** With coordinates, words or a category with at most this many matches are placed by their merchants' stores. */
const PROBE_MATCHES = 3_000;
/** Merchants searched per index read in a radius search, nearest first. */
const MERCHANT_CHUNK = 64;
/** A radius search that has read this many merchants without enough results reads the matches instead. */
const RING_MERCHANT_BUDGET = 2_000;

/** Matches are counted for the total up to this many; past it, the total says "at least". */
export const COUNT_CAP = 1_000;

/**
 * What one tool call may walk in the index, in index entries: every read is estimated before it
 * runs, from the counts (readCost), and one that would pass the budget is not run; the search
 * stops where it is and says so. Sized so that no words make a call's reads last more than some
 * tens of milliseconds on a million products (docs/benchmarks.md, "Bounded search").
 */
export const WALK_BUDGET = 1_500_000;

/** A tool call's index work, spent by every read of every plan it runs; a part of it, for one plan. */
export class WalkBudget {
  private left: number;
  private readonly whole: WalkBudget | null;
  /** A read was refused: what the answer has is what was found before. */
  cut = false;

  constructor(total = WALK_BUDGET, whole: WalkBudget | null = null) {
    this.left = total;
    this.whole = whole;
  }

  /** Whether a read of this cost may run (then it is spent); `optional`: refusing it cuts nothing (another plan follows). */
  take(cost: number, optional = false): boolean {
    if (cost > this.left || (this.whole !== null && cost > this.whole.left)) {
      if (!optional) this.cut = true;
      return false;
    }
    this.left -= cost;
    if (this.whole !== null) this.whole.left -= cost;
    return true;
  }

  /** A share of what is left, spent from this budget too: one plan may not take what the next ones need. */
  part(share: number): WalkBudget {
    return new WalkBudget(this.left * share, this);
  }
}

/** How many products match in the place: exactly, or at least (counting stopped). */
export interface Total {
  value: number;
  relation: 'eq' | 'gte';
}

/** The page of results, and the total it is the beginning of: counted only when asked (a relaxed-away search never is). */
export interface Found {
  hits: Hit[];
  total: () => Total;
  /** The budget stopped the search: the hits are the best of what it read, maybe not of all. */
  cut: boolean;
}

const exactly = (value: number): Total => ({ value, relation: 'eq' });
const atLeast = (value: number): Total => ({ value, relation: 'gte' });

/** A product found, with the store that puts it in the place searched (coordinates plans). */
export interface Hit {
  productId: number;
  merchantId: number;
  views: number;
  likes: number;
  distanceKm?: number;
  storeId?: number;
}

export interface SearchRequest {
  words: SearchWord[];
  /** Category filter: its token (k<id>) and how many products it has. */
  category: { token: string; products: number } | null;
  limit: number;
  budget: WalkBudget;
}

/** At most how many products the words (in the columns given) and the category can match, in all places (Infinity for neither). */
function matchBound(request: SearchRequest, columns: Columns = 'any'): number {
  const bounds = request.words.map((w) => (columns === 'title' ? w.titleDocs : columns === 'naming' ? w.namingDocs : w.docs));
  if (request.category) bounds.push(request.category.products);
  return Math.min(Infinity, ...bounds);
}

/**
 * The estimated walk of one index read of the words and the category, with facet lists of
 * `facetEntries` entries more (a tier's, some merchants'): FTS5 walks each term's whole list to
 * intersect them (a common word beside a short list costs as much as the word alone:
 * docs/benchmarks.md, "Bounded search"), so a
 * read costs the sum of its lists, less when it reaches its limit early. Words shaped like filter
 * tokens have no count (the vocabulary leaves them out) and are rare in product text.
 */
function readCost(request: SearchRequest, facetEntries: number): number {
  let entries = facetEntries + (request.category?.products ?? 0);
  for (const word of request.words) entries += Number.isFinite(word.docs) ? word.docs : 0;
  return entries;
}

const toHit = ([productId, merchantId, views, likes]: Match | PlaceMatch): Hit => ({ productId, merchantId, views, likes });

/** Most viewed first, then most liked, then lowest id: a total order, so results are stable. */
const byPopularity = (a: Hit, b: Hit) => b.views - a.views || b.likes - a.likes || a.productId - b.productId;
const byDistance = (a: Hit, b: Hit) => a.distanceKm! - b.distanceKm! || byPopularity(a, b);

/**
 * All matches of the words and the category in the whole catalog, when there are at most `cap`;
 * null when there are more. Worth trying when the counts say so (one word with few products), and
 * for several words, whose counts say little (words common alone can be rare together): those are
 * counted in the index first, which stops at the cap when they are common together, before their
 * matches are read and joined. Each of the two is charged its whole walk.
 */
function allMatchesIfFew<T>(
  reader: DiscoveryReader,
  request: SearchRequest,
  expression: string,
  bound: number,
  cap: number,
  read: (limit: number) => T[],
): T[] | null {
  const cost = readCost(request, 0);
  if (bound > cap) {
    if (request.words.length < 2 || !request.budget.take(cost, true) || reader.countMatches(expression, cap + 1) > cap) return null;
  }
  if (!request.budget.take(cost, true)) return null;
  const matches = read(cap + 1);
  return matches.length <= cap ? matches : null;
}

/**
 * Whether, with the page not full at `tier`, reading the group's matches in the whole catalog at
 * once costs less than reading the place's remaining tiers. The counts must say the group is
 * small (at most DIRECT_MATCHES). A read costs about the shortest list it walks: at once, the
 * words' (or the category's), whichever column the group asks for; in a tier, at most the
 * place's products in that tier. In a large city the last tiers cost more; in a district, less.
 */
function wholeReadIsCheaper(request: SearchRequest, columns: Columns, tier: number, placeProducts: number): boolean {
  if (matchBound(request, columns) > DIRECT_MATCHES) return false;
  const walked = matchBound(request);
  const inTiers = TIER_SIZES.slice(tier - 1).reduce((sum, size) => sum + Math.min(walked, size * placeProducts), 0);
  return walked < inTiers;
}

/**
 * City, district or default city: matches in the title first, then in title, category or brand,
 * then anywhere in the text, each group most viewed first. When the words or the category have few matches in the whole catalog,
 * they are read whole and kept if their merchant is in the place. Otherwise the place's
 * popularity tiers are read from the top, and the first tier that completes the page ends the
 * read: every product in a lower tier has fewer views than any above it.
 */
export function searchPlace(reader: DiscoveryReader, request: SearchRequest, place: { token: string; products: number }): Found {
  const { words, limit } = request;
  const placeToken = place.token;
  const category = request.category ? [request.category.token] : [];
  const results: Hit[] = [];
  const seen = new Set<number>();
  const readInPlace = (expression: string) => (cap: number) =>
    reader.matchesMarkingPlace(expression, placeToken, cap).filter((match) => match[4] === 1);
  // Few matches anywhere in the text (the widest group): read them first. They are the total,
  // and when none is in the place the narrower groups need no read at all.
  const anywhere = searchExpression({ words, columns: 'any', facets: category });
  const few = allMatchesIfFew(reader, request, anywhere, matchBound(request), DIRECT_MATCHES, readInPlace(anywhere));
  let total: Total | null = few && exactly(few.length);
  if (few?.length === 0) return { hits: [], total: () => exactly(0), cut: false };
  for (const columns of words.length > 0 ? RANKING_GROUPS : (['any'] as const)) {
    if (matchBound(request, columns) === 0) continue;
    // No word is in any category or brand: what names the product is its title, read already.
    if (columns === 'naming' && words.every((w) => w.namingDocs === w.titleDocs)) continue;
    const pass: Hit[] = [];
    const collect = (matches: (Match | PlaceMatch)[]) => {
      for (const match of matches) if (!seen.has(match[0])) pass.push(toHit(match));
    };
    const expression = searchExpression({ words, columns, facets: category });
    const wholeGroup = (optional: boolean) =>
      request.budget.take(readCost(request, 0), optional) && readInPlace(expression)(DIRECT_MATCHES + 1);
    if (few) {
      // A narrower group of few matches is fewer still. Past the budget the matches are all known
      // already: they are ranked by views alone (the wider group collects them).
      const matches = columns === 'any' ? few : wholeGroup(true);
      if (matches) collect(matches);
    } else {
      for (let tier = 1; tier <= TIERS && results.length + pass.length < limit; tier++) {
        if (tier >= LARGE_TIERS_FROM && wholeReadIsCheaper(request, columns, tier, place.products)) {
          // Read this group's matches in the whole catalog at once instead: a word in few titles
          // walks the large tiers of a large city for little ("tamanho rapido" in São Paulo,
          // docs/benchmarks.md, "Search latency").
          const matches = wholeGroup(false);
          if (matches) {
            pass.length = 0;
            collect(matches);
          }
          break;
        }
        // The tier's list: about its share of the place's products.
        if (!request.budget.take(readCost(request, Math.ceil(TIER_SIZES[tier - 1]! * place.products)))) break;
        collect(reader.matches(searchExpression({ words, columns, facets: [tierToken(placeToken, tier), ...category] }), MAX_MATCHES));
      }
    }
    // A cut pass still ranks right: every match of the tiers it read has more views than any below.
    pass.sort(byPopularity);
    for (const hit of pass.slice(0, limit - results.length)) {
      results.push(hit);
      seen.add(hit.productId);
    }
    if (results.length >= limit || request.budget.cut) break;
  }
  // Cut short: what was found is a lower bound. Every pass read whole and the page not full: the
  // results are every match there is.
  if (request.budget.cut) total = atLeast(results.length);
  else if (total === null && results.length < limit) total = exactly(results.length);
  const known = total;
  return { hits: results, total: () => known ?? countInPlace(reader, request, place, results.length), cut: request.budget.cut };
}

/**
 * The matches in the place (any tier), counted in the index up to COUNT_CAP; at least `found` when
 * the budget does not allow the count (it walks the words' lists and the place's, less when the
 * cap comes first, as it does for common words).
 */
function countInPlace(reader: DiscoveryReader, request: SearchRequest, place: { token: string; products: number }, found: number): Total {
  if (matchBound(request) === 0) return exactly(0);
  if (!request.budget.take(readCost(request, place.products), true)) return atLeast(found);
  const tiers = Array.from({ length: TIERS }, (_, i) => tierToken(place.token, i + 1));
  const facets = request.category ? [request.category.token] : [];
  const counted = reader.countMatches(searchExpression({ words: request.words, facets, anyFacet: tiers }), COUNT_CAP + 1);
  return counted > COUNT_CAP ? atLeast(COUNT_CAP) : exactly(counted);
}

/** Up to `limit` matches of the words and category anywhere in the catalog; null when the budget does not allow the read. */
export function matchesAnywhere(reader: DiscoveryReader, request: SearchRequest, limit: number): Match[] | null {
  if (matchBound(request) === 0 || !request.budget.take(readCost(request, 0), true)) return null;
  return reader.matches(searchExpression({ words: request.words, facets: request.category ? [request.category.token] : [] }), limit);
}

type NearestStores = Map<number, { distanceKm: number; storeId: number }>;

/** Each merchant's nearest store within the radius, from the merchants' own store lists. */
function nearestStoresOf(
  reader: DiscoveryReader,
  merchantIds: Iterable<number>,
  lat: number,
  lon: number,
  radiusKm: number,
): NearestStores {
  const nearest: NearestStores = new Map();
  for (const merchantId of merchantIds) {
    for (const [storeId, sLat, sLon] of reader.storePointsOfMerchant(merchantId)) {
      const d = distanceKm(lat, lon, sLat, sLon);
      const best = nearest.get(merchantId);
      if (d <= radiusKm && (best === undefined || d < best.distanceKm)) nearest.set(merchantId, { distanceKm: d, storeId });
    }
  }
  return nearest;
}

/**
 * Places every match by its merchant's nearest store: for words with few matches. `whole`: the
 * matches are all there are (not cut at a read limit), so their count in the radius is the total.
 */
function placeMatches(
  reader: DiscoveryReader,
  matches: Match[],
  place: Extract<Place, { kind: 'coordinates' }>,
  limit: number,
  whole: boolean,
): Found {
  const nearest = nearestStoresOf(reader, new Set(matches.map((m) => m[1])), place.latitude, place.longitude, place.radiusKm);
  const hits: Hit[] = [];
  for (const match of matches) {
    const store = nearest.get(match[1]);
    if (store) hits.push({ ...toHit(match), distanceKm: store.distanceKm, storeId: store.storeId });
  }
  const total = whole ? exactly(hits.length) : atLeast(hits.length);
  return { hits: hits.sort(byDistance).slice(0, limit), total: () => total, cut: false };
}

/**
 * Coordinates: nearest first. Words or a category with few matches are placed match by match. Otherwise
 * (common words, category or no words at all) the merchants around the point are read in rings
 * of doubling radius, nearest first, a chunk at a time, until the page is complete: every merchant
 * not yet read is farther than every product found.
 */
export function searchNear(reader: DiscoveryReader, request: SearchRequest, place: Extract<Place, { kind: 'coordinates' }>): Found {
  const { words } = request;
  const facets = request.category ? [request.category.token] : [];
  const bound = matchBound(request);
  if (bound === 0) return { hits: [], total: () => exactly(0), cut: false };
  const expression = searchExpression({ words, facets });
  const few = allMatchesIfFew(reader, request, expression, bound, PROBE_MATCHES, (cap) => reader.matches(expression, cap));
  if (few) return placeMatches(reader, few, place, request.limit, true);

  const { latitude: lat, longitude: lon, radiusKm } = place;
  const results: Hit[] = [];
  /** Merchants met in a ring box but farther than that ring: they belong to a later ring. */
  const pending: NearestStores = new Map();
  /** Merchants whose ring is done (a later box can meet their other stores again). */
  const done = new Set<number>();
  let read = 0;
  /** Whether every merchant in the radius was read: then the results are every match there is. */
  let complete = false;
  let inner: ReturnType<typeof boundingBox> | null = null;
  for (let ring = Math.min(0.5, radiusKm); ; ring = Math.min(ring * 2, radiusKm)) {
    const box = boundingBox(lat, lon, ring);
    // Each store is read once: the new box minus the previous one, as up to four rectangles.
    for (const [minLat, maxLat, minLon, maxLon] of ringRectangles(box, inner)) {
      for (const [storeId, merchantId, sLat, sLon] of reader.storePointsInBox(minLat, maxLat, minLon, maxLon)) {
        if (done.has(merchantId)) continue;
        const d = distanceKm(lat, lon, sLat, sLon);
        const best = pending.get(merchantId);
        if (d <= radiusKm && (best === undefined || d < best.distanceKm)) pending.set(merchantId, { distanceKm: d, storeId });
      }
    }
    inner = box;
    const ready = [...pending].filter(([, s]) => s.distanceKm <= ring).sort((a, b) => a[1].distanceKm - b[1].distanceKm);
    let i = 0;
    while (i < ready.length && results.length < request.limit) {
      // A chunk ends between two different distances, so no tie is split across chunks.
      let end = Math.min(i + MERCHANT_CHUNK, ready.length);
      while (end < ready.length && ready[end]![1].distanceKm === ready[end - 1]![1].distanceKm) end++;
      const chunk = ready.slice(i, end);
      // The chunk's merchants' lists: about their share of the catalog's products.
      const within = Math.ceil((chunk.length * reader.counts.products) / Math.max(1, reader.counts.merchants));
      if (!request.budget.take(readCost(request, within))) break;
      const chunkExpression = searchExpression({ words, facets, anyFacet: chunk.map(([id]) => merchantToken(id)) });
      for (const match of reader.matches(chunkExpression, MAX_MATCHES)) {
        const store = pending.get(match[1])!;
        results.push({ ...toHit(match), distanceKm: store.distanceKm, storeId: store.storeId });
      }
      read += chunk.length;
      i = end;
      // Far more merchants than a common word needs: read the word's matches instead.
      if (read >= RING_MERCHANT_BUDGET && results.length < request.limit) {
        if (!request.budget.take(readCost(request, 0))) break;
        const matches = reader.matches(expression, MAX_MATCHES);
        return placeMatches(reader, matches, place, request.limit, matches.length < MAX_MATCHES);
      }
    }
    // Merchants of this ring are done, whether read or not (once the page is complete).
    for (const [merchantId] of ready) {
      pending.delete(merchantId);
      done.add(merchantId);
    }
    if (results.length >= request.limit || ring >= radiusKm || request.budget.cut) {
      // Stopped before the radius was read whole: the products found so far are a lower bound.
      complete = ring >= radiusKm && i >= ready.length && !request.budget.cut;
      break;
    }
  }
  const total = complete ? exactly(results.length) : atLeast(results.length);
  return { hits: results.sort(byDistance).slice(0, request.limit), total: () => total, cut: request.budget.cut };
}

type Box = ReturnType<typeof boundingBox>;

/** The part of `outer` outside `inner` (which it contains), as non-overlapping rectangles. */
function ringRectangles(outer: Box, inner: Box | null): Box[] {
  if (inner === null) return [outer];
  const [oMinLat, oMaxLat, oMinLon, oMaxLon] = outer;
  const [iMinLat, iMaxLat, iMinLon, iMaxLon] = inner;
  // R-tree bounds are inclusive: the inner edges are nudged so no store is read twice.
  const eps = 1e-9;
  return [
    [oMinLat, iMinLat - eps, oMinLon, oMaxLon],
    [iMaxLat + eps, oMaxLat, oMinLon, oMaxLon],
    [iMinLat, iMaxLat, oMinLon, iMinLon - eps],
    [iMinLat, iMaxLat, iMaxLon + eps, oMaxLon],
  ];
}
