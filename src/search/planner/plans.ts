import { TIER_SHARES } from '../index-build/search-schema.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import type { Columns } from '../query/words.ts';
import { merchantToken, tierToken } from '../tokens/facet-tokens.ts';
import { boundingBox, distanceKm } from './geo.ts';
import {
  atLeast,
  byDistance,
  byPopularity,
  COUNT_CAP,
  countOf,
  exactly,
  expressionOf,
  type Found,
  groupsOf,
  type Hit,
  matchBound,
  nothingFound,
  readCost,
  readInPlace,
  readMatches,
  type SearchRequest,
  type Total,
} from './request.ts';

/** Number of popularity tiers in the index. */
export const TIERS = TIER_SHARES.length;
/** Each tier's share of the products (TIER_SHARES is cumulative). */
export const TIER_SIZES = TIER_SHARES.map((share, i) => share - (TIER_SHARES[i - 1] ?? 0));
/** The first of the large tiers: the last two hold 95% of the products. */
const LARGE_TIERS_FROM = TIERS - 1;
/** Bounds one index read, so no query can make a search unbounded. */
export const MAX_MATCHES = 50_000;
/** In a city or district, words or a category with at most this many matches are read whole. */
export const DIRECT_MATCHES = 5_000;
/** With coordinates, words or a category with at most this many matches are placed by their merchants' stores. */
const PROBE_MATCHES = 3_000;
/** Merchants searched per index read in a radius search, nearest first, at most. */
const MERCHANT_CHUNK = 64;
/** A radius search that has read this many merchants without enough results reads the matches instead. */
const RING_MERCHANT_BUDGET = 2_000;

/**
 * The first read's merchants: about as many as should hold the page, from the catalog's products
 * per merchant and the share the words keep; each later read doubles it up to MERCHANT_CHUNK. No
 * words: the nearest merchant or two hold a page, where 64 merchants' lists are some 1,300 rows.
 */
function firstChunk(reader: SearchReader, request: SearchRequest): number {
  const { products, merchants } = reader.counts;
  const perMerchant = (products / Math.max(1, merchants)) * Math.min(1, matchBound(request) / Math.max(1, products));
  return Math.max(2, Math.min(MERCHANT_CHUNK, Math.ceil((1.5 * request.limit) / Math.max(perMerchant, 1e-3))));
}

/**
 * All matches of the words and the category in the whole catalog, when there are at most `cap`;
 * null when there are more. Worth trying when the counts say so (one word with few products), and
 * for several words, whose counts say little (words common alone can be rare together): those are
 * counted in the index first, which stops at the cap when they are common together, before their
 * matches are read and joined. Each of the two is charged its whole walk.
 */
function allMatchesIfFew<T>(
  reader: SearchReader,
  request: SearchRequest,
  expression: string,
  bound: number,
  cap: number,
  read: (limit: number) => T[],
): T[] | null {
  const cost = readCost(request, 0);
  if (bound > cap) {
    if (request.words.length < 2 || !request.budget.take(cost, true) || countOf(reader, request, expression, cap + 1) > cap) return null;
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

/** A city's or district's place token and how many products it has. */
export interface PlaceScope {
  token: string;
  products: number;
}

/**
 * City, district or default city: matches in the title first, then in title, category or brand,
 * then anywhere in the text, each group most viewed first (`groups`: fewer of them). When the
 * words and filters have few matches in the whole catalog, they are read whole and kept if their
 * merchant is in the place. Otherwise the place's popularity tiers are read from the top, and the
 * first tier that completes the page ends the read: every product in a lower tier has fewer views
 * than any above it.
 */
export function searchPlace(
  reader: SearchReader,
  request: SearchRequest,
  place: PlaceScope,
  groups: readonly Columns[] = groupsOf(request),
): Found {
  const { limit } = request;
  const results: Hit[] = [];
  const seen = new Set<number>();
  const inPlace = (expression: string) => (cap: number) => readInPlace(reader, request, expression, place.token, cap);
  // Few matches anywhere in the text (the widest group): read them first. They are the total,
  // and when none is in the place the narrower groups need no read at all.
  const anywhere = expressionOf(request, { columns: 'any' });
  const few = allMatchesIfFew(reader, request, anywhere, matchBound(request, 'any'), DIRECT_MATCHES, inPlace(anywhere));
  let total: Total | null = few && groups.includes('any') ? exactly(few.length) : null;
  if (few?.length === 0) return nothingFound();
  for (const columns of groups) {
    if (matchBound(request, columns) === 0) continue;
    const pass: Hit[] = [];
    const collect = (hits: Hit[]) => {
      for (const hit of hits) if (!seen.has(hit.productId)) pass.push(hit);
    };
    const expression = expressionOf(request, { columns });
    const wholeGroup = (optional: boolean) =>
      request.budget.take(readCost(request, 0), optional) && inPlace(expression)(DIRECT_MATCHES + 1);
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
        const entries = Math.ceil(TIER_SIZES[tier - 1]! * place.products);
        if (!request.budget.take(readCost(request, entries))) break;
        const expression = expressionOf(request, { columns, facets: [tierToken(place.token, tier)] });
        collect(readMatches(reader, request, expression, MAX_MATCHES));
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
  // results are every match there is (of the groups read).
  if (request.budget.cut) total = atLeast(results.length);
  else if (total === null && results.length < limit) total = exactly(results.length);
  const known = total;
  const counted = groups.at(-1)!;
  return {
    hits: results,
    total: () => known ?? countInPlace(reader, { ...request, columns: counted }, place, results.length),
    cut: request.budget.cut,
  };
}

/**
 * The matches in the place (any tier), counted in the index up to COUNT_CAP; at least `found` when
 * the budget does not allow the count (it walks the words' lists and the place's, less when the
 * cap comes first, as it does for common words).
 */
export function countInPlace(reader: SearchReader, request: SearchRequest, place: PlaceScope, found: number): Total {
  if (matchBound(request) === 0) return exactly(0);
  if (!request.budget.take(readCost(request, place.products), true)) return atLeast(found);
  const counted = countOf(reader, request, expressionOf(request, { anyFacets: [tiersOf(place)] }), COUNT_CAP + 1);
  return counted > COUNT_CAP ? atLeast(COUNT_CAP) : exactly(counted);
}

/** A place's tokens of every tier: one of them is in each of its products. */
export const tiersOf = (place: PlaceScope): string[] => Array.from({ length: TIERS }, (_, i) => tierToken(place.token, i + 1));

/** Up to `limit` matches of the words and filters anywhere in the catalog; null when the budget does not allow the read. */
export function matchesAnywhere(reader: SearchReader, request: SearchRequest, limit: number): Hit[] | null {
  if (matchBound(request) === 0 || !request.budget.take(readCost(request, 0), true)) return null;
  return readMatches(reader, request, expressionOf(request), limit);
}

/**
 * A circle to search: around the shopper's coordinates, or around a named place's centre when
 * results are ordered by distance there (then only the stores in that city or district count).
 */
export interface Circle {
  latitude: number;
  longitude: number;
  radiusKm: number;
  storesIn?: { cityId: number } | { districtId: number };
}

/** Whether a store (its city and district) may put a product in the circle's place. */
function storeCounts(circle: Circle, cityId: number, districtId: number): boolean {
  const only = circle.storesIn;
  if (only === undefined) return true;
  return 'cityId' in only ? only.cityId === cityId : only.districtId === districtId;
}

export type NearestStores = Map<number, { distanceKm: number; storeId: number }>;

/** Each merchant's nearest store within the circle, from the merchants' own store lists. */
function nearestStoresOf(reader: SearchReader, merchantIds: Iterable<number>, circle: Circle): NearestStores {
  const nearest: NearestStores = new Map();
  for (const merchantId of merchantIds) {
    for (const [storeId, sLat, sLon, cityId, districtId] of reader.storePointsOfMerchant(merchantId)) {
      if (!storeCounts(circle, cityId, districtId)) continue;
      const d = distanceKm(circle.latitude, circle.longitude, sLat, sLon);
      const best = nearest.get(merchantId);
      if (d <= circle.radiusKm && (best === undefined || d < best.distanceKm)) nearest.set(merchantId, { distanceKm: d, storeId });
    }
  }
  return nearest;
}

/** Every merchant with a store in the circle, with its nearest: one read of the store index. */
export function merchantsInCircle(reader: SearchReader, circle: Circle): NearestStores {
  const nearest: NearestStores = new Map();
  const [minLat, maxLat, minLon, maxLon] = boundingBox(circle.latitude, circle.longitude, circle.radiusKm);
  for (const [storeId, merchantId, sLat, sLon, cityId, districtId] of reader.storePointsInBox(minLat, maxLat, minLon, maxLon)) {
    if (!storeCounts(circle, cityId, districtId)) continue;
    const d = distanceKm(circle.latitude, circle.longitude, sLat, sLon);
    const best = nearest.get(merchantId);
    if (d <= circle.radiusKm && (best === undefined || d < best.distanceKm)) nearest.set(merchantId, { distanceKm: d, storeId });
  }
  return nearest;
}

/**
 * Places every match by its merchant's nearest store: for words with few matches. `whole`: the
 * matches are all there are (not cut at a read limit), so their count in the radius is the total.
 */
function placeMatches(reader: SearchReader, matches: Hit[], circle: Circle, limit: number, whole: boolean): Found {
  const nearest = nearestStoresOf(reader, new Set(matches.map((m) => m.merchantId)), circle);
  const hits: Hit[] = [];
  for (const match of matches) {
    const store = nearest.get(match.merchantId);
    if (store) hits.push({ ...match, distanceKm: store.distanceKm, storeId: store.storeId });
  }
  const total = whole ? exactly(hits.length) : atLeast(hits.length);
  return { hits: hits.sort(byDistance).slice(0, limit), total: () => total, cut: false };
}

/**
 * In a circle: nearest first. Words or filters with few matches are placed match by match. Otherwise
 * (common words, category or no words at all) the merchants around the point are read in rings
 * of doubling radius, nearest first, a chunk at a time, until the page is complete: every merchant
 * not yet read is farther than every product found.
 */
export function searchNear(reader: SearchReader, request: SearchRequest, circle: Circle): Found {
  const bound = matchBound(request);
  if (bound === 0) return nothingFound();
  const expression = expressionOf(request);
  const few = allMatchesIfFew(reader, request, expression, bound, PROBE_MATCHES, (cap) => readMatches(reader, request, expression, cap));
  if (few) return placeMatches(reader, few, circle, request.limit, true);

  const { latitude: lat, longitude: lon, radiusKm } = circle;
  const results: Hit[] = [];
  /** Merchants met in a ring box but farther than that ring: they belong to a later ring. */
  const pending: NearestStores = new Map();
  /** Merchants whose ring is done (a later box can meet their other stores again). */
  const done = new Set<number>();
  let read = 0;
  let chunkSize = firstChunk(reader, request);
  /** Whether every merchant in the radius was read: then the results are every match there is. */
  let complete = false;
  let inner: ReturnType<typeof boundingBox> | null = null;
  for (let ring = Math.min(0.5, radiusKm); ; ring = Math.min(ring * 2, radiusKm)) {
    const box = boundingBox(lat, lon, ring);
    // Each store is read once: the new box minus the previous one, as up to four rectangles.
    for (const [minLat, maxLat, minLon, maxLon] of ringRectangles(box, inner)) {
      for (const [storeId, merchantId, sLat, sLon, cityId, districtId] of reader.storePointsInBox(minLat, maxLat, minLon, maxLon)) {
        if (done.has(merchantId) || !storeCounts(circle, cityId, districtId)) continue;
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
      let end = Math.min(i + chunkSize, ready.length);
      chunkSize = Math.min(chunkSize * 2, MERCHANT_CHUNK);
      while (end < ready.length && ready[end]![1].distanceKm === ready[end - 1]![1].distanceKm) end++;
      const chunk = ready.slice(i, end);
      // The chunk's merchants' lists: about their share of the catalog's products.
      const within = Math.ceil((chunk.length * reader.counts.products) / Math.max(1, reader.counts.merchants));
      if (!request.budget.take(readCost(request, within))) break;
      const chunkExpression = expressionOf(request, { anyFacets: [chunk.map(([id]) => merchantToken(id))] });
      for (const hit of readMatches(reader, request, chunkExpression, MAX_MATCHES)) {
        const store = pending.get(hit.merchantId)!;
        results.push({ ...hit, distanceKm: store.distanceKm, storeId: store.storeId });
      }
      read += chunk.length;
      i = end;
      // Far more merchants than a common word needs: read the word's matches instead.
      if (read >= RING_MERCHANT_BUDGET && results.length < request.limit) {
        if (!request.budget.take(readCost(request, 0))) break;
        const matches = readMatches(reader, request, expression, MAX_MATCHES);
        return placeMatches(reader, matches, circle, request.limit, matches.length < MAX_MATCHES);
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

/**
 * In a circle, the ranking groups in turn (`groups`), each nearest first: a product with the
 * words in its title comes before a nearer one that only mentions them ("capa para celular").
 * The total is the last group read's, at least that when wider groups were not read.
 */
export function searchNearByGroups(
  reader: SearchReader,
  request: SearchRequest,
  circle: Circle,
  groups: readonly Columns[] = groupsOf(request),
): Found {
  const hits: Hit[] = [];
  const seen = new Set<number>();
  let last: Found = nothingFound();
  let lastColumns: Columns | null = null;
  for (const columns of groups) {
    if (matchBound(request, columns) === 0) continue;
    lastColumns = columns;
    last = searchNear(reader, { ...request, columns }, circle);
    for (const hit of last.hits) {
      if (hits.length < request.limit && !seen.has(hit.productId)) {
        hits.push(hit);
        seen.add(hit.productId);
      }
    }
    if (hits.length >= request.limit || last.cut) break;
  }
  // A page filled before the widest group: more products match than the narrower group's count.
  const more = lastColumns !== groups.at(-1) && hits.length >= request.limit;
  const found = last;
  return {
    hits,
    total: () => {
      const t = found.total();
      return more ? atLeast(Math.max(t.value, hits.length)) : { value: Math.max(t.value, hits.length), relation: t.relation };
    },
    cut: found.cut,
  };
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
