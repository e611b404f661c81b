import type { SearchReader } from '../index-read/search-reader.ts';
import type { Columns } from '../query/words.ts';
import { merchantToken } from '../tokens/facet-tokens.ts';
import { type Circle, type NearestStores, nearestStoresOf, ringRectangles, storeCounts } from './circle.ts';
import { boundingBox, distanceKm } from './geo.ts';
import * as plan from './request.ts';
import { allMatchesIfFew, MAX_MATCHES } from './whole-reads.ts';

/*
 * The plans of a circle (the shopper's coordinates and radius, or a named place's centre when
 * ordered by distance): nearest first, by rings of merchants around the point. A named place's
 * are place-plans.ts.
 */

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
function firstChunk(reader: SearchReader, request: plan.SearchRequest): number {
  const { products, merchants } = reader.counts;
  const perMerchant = (products / Math.max(1, merchants)) * Math.min(1, plan.matchBound(request) / Math.max(1, products));
  return Math.max(2, Math.min(MERCHANT_CHUNK, Math.ceil((1.5 * request.limit) / Math.max(perMerchant, 1e-3))));
}

/**
 * Places every match by its merchant's nearest store: for words with few matches. `whole`: the
 * matches are all there are (not cut at a read limit), so their count in the radius is the total.
 * Out-of-stock matches in the radius are counted and left out, unless the request includes them.
 */
function placeMatches(reader: SearchReader, request: plan.SearchRequest, matches: plan.Hit[], circle: Circle, whole: boolean): plan.Found {
  const nearest = nearestStoresOf(reader, new Set(matches.map((m) => m.merchantId)), circle);
  const placed: plan.Hit[] = [];
  for (const match of matches) {
    const store = nearest.get(match.merchantId);
    if (store) placed.push({ ...match, distanceKm: store.distanceKm, storeId: store.storeId });
  }
  const hits = plan.shownOf(request, placed);
  const count = whole ? plan.exactly : plan.atLeast;
  const total = count(hits.length);
  const leftOut = request.includeOutOfStock ? undefined : count(placed.length - hits.length);
  return { hits: hits.sort(plan.byDistance).slice(0, request.limit), total: () => total, cut: false, ...(leftOut && { leftOut }) };
}

/**
 * In a circle: nearest first. Words or filters with few matches are placed match by match. Otherwise
 * (common words, category or no words at all) the merchants around the point are read in rings
 * of doubling radius, nearest first, a chunk at a time, until the page is complete: every merchant
 * not yet read is farther than every product found.
 */
export function searchNear(reader: SearchReader, request: plan.SearchRequest, circle: Circle): plan.Found {
  const bound = plan.matchBound(request);
  if (bound === 0) return plan.nothingFound();
  const expression = plan.expressionOf(request);
  const few = allMatchesIfFew(reader, request, expression, bound, PROBE_MATCHES, (cap) =>
    plan.readMatches(reader, request, expression, cap),
  );
  if (few) return placeMatches(reader, request, few, circle, true);

  const { latitude: lat, longitude: lon, radiusKm } = circle;
  const results: plan.Hit[] = [];
  /** Merchants met in a ring box but farther than that ring: they belong to a later ring. */
  const pending: NearestStores = new Map();
  /** Merchants whose ring is done (a later box can meet their other stores again). */
  const done = new Set<number>();
  let read = 0;
  /** Out-of-stock matches of the merchants read, left out. */
  let dropped = 0;
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
      if (!request.budget.take(plan.readCost(request, within))) break;
      const chunkExpression = plan.expressionOf(request, { anyFacets: [chunk.map(([id]) => merchantToken(id))] });
      const chunkMatches = plan.readMatches(reader, request, chunkExpression, MAX_MATCHES);
      const shown = plan.shownOf(request, chunkMatches);
      dropped += chunkMatches.length - shown.length;
      for (const hit of shown) {
        const store = pending.get(hit.merchantId)!;
        results.push({ ...hit, distanceKm: store.distanceKm, storeId: store.storeId });
      }
      read += chunk.length;
      i = end;
      // Far more merchants than a common word needs: read the word's matches instead.
      if (read >= RING_MERCHANT_BUDGET && results.length < request.limit) {
        if (!request.budget.take(plan.readCost(request, 0))) break;
        const matches = plan.readMatches(reader, request, expression, MAX_MATCHES);
        return placeMatches(reader, request, matches, circle, matches.length < MAX_MATCHES);
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
  const total = complete ? plan.exactly(results.length) : plan.atLeast(results.length);
  const leftOut = request.includeOutOfStock ? undefined : complete ? plan.exactly(dropped) : plan.atLeast(dropped);
  return {
    hits: results.sort(plan.byDistance).slice(0, request.limit),
    total: () => total,
    cut: request.budget.cut,
    ...(leftOut && { leftOut }),
  };
}

/**
 * In a circle, the ranking groups in turn (`groups`), each nearest first: a product with the
 * words in its title comes before a nearer one that only mentions them ("capa para celular").
 * The total is the last group read's, at least that when wider groups were not read.
 */
export function searchNearByGroups(
  reader: SearchReader,
  request: plan.SearchRequest,
  circle: Circle,
  groups: readonly Columns[] = plan.groupsOf(request),
): plan.Found {
  const hits: plan.Hit[] = [];
  const seen = new Set<number>();
  let last: plan.Found = plan.nothingFound();
  let lastColumns: Columns | null = null;
  for (const columns of groups) {
    if (plan.matchBound(request, columns) === 0) continue;
    // An exact group cut short (its share of the budget spent): what it found stays ranked first
    // and the next group goes on.
    const { group, exact } = plan.groupRequest(request, columns);
    const read = searchNear(reader, group, circle);
    for (const hit of read.hits) {
      if (hits.length < request.limit && !seen.has(hit.productId)) {
        hit.group = columns;
        hits.push(hit);
        seen.add(hit.productId);
      }
    }
    if (exact && read.cut && hits.length < request.limit) continue;
    lastColumns = columns;
    last = read;
    if (hits.length >= request.limit || last.cut) break;
  }
  // A page filled before the widest group: more products match than the narrower group's count.
  const more = lastColumns !== groups.at(-1) && hits.length >= request.limit;
  const found = last;
  return {
    hits,
    total: () => {
      const t = found.total();
      return more ? plan.atLeast(Math.max(t.value, hits.length)) : { value: Math.max(t.value, hits.length), relation: t.relation };
    },
    cut: found.cut,
    // Out-of-stock matches of wider groups not read: at least those of the groups read.
    ...(found.leftOut && { leftOut: more ? plan.atLeast(found.leftOut.value) : found.leftOut }),
  };
}
