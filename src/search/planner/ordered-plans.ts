import type { DiscoveryReader } from '../../catalog/discovery-reader.ts';
import { priceBandToken, priceSliceToken, tierToken, WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';
import {
  type Circle,
  countInPlace,
  DIRECT_MATCHES,
  MAX_MATCHES,
  merchantsInCircle,
  type NearestStores,
  type PlaceScope,
  searchNear,
  searchPlace,
  TIER_SIZES,
  TIERS,
} from './plans.ts';
import {
  atLeast,
  byPopularity,
  byPriceAscending,
  byPriceDescending,
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
  sliceCost,
} from './request.ts';

/** The orders other than relevance. */
export type Order = 'price_asc' | 'price_desc' | 'popularity' | 'distance';

/** Where an ordered search looks: a city or district, or a circle (the shopper's, or a place's centre for distance). */
export type Scope = { kind: 'place'; place: PlaceScope; circle?: Circle } | { kind: 'circle'; circle: Circle };

/**
 * Results in the order asked for, among the products that best match the words: those with every
 * word in the title when the place has any, else in what names the product, else anywhere. So
 * "geladeira" by price lists refrigerators from the cheapest, not a refrigerator's water filter
 * that mentions the word. Each group is read until one has a match in the place.
 */
export function searchOrdered(reader: DiscoveryReader, request: SearchRequest, scope: Scope, order: Order): Found {
  let inCircle: NearestStores | null = null;
  for (const columns of groupsOf(request)) {
    if (matchBound(request, columns) === 0) continue;
    const group = { ...request, columns };
    let found: Found;
    if (order === 'distance') {
      // A named place measures from its centre (runPlan gives its circle).
      found = searchNear(reader, group, scope.circle!);
    } else if (order === 'popularity' && scope.kind === 'place') {
      found = searchPlace(reader, group, scope.place, [columns]);
    } else {
      if (scope.kind === 'circle') inCircle ??= merchantsInCircle(reader, scope.circle);
      found = bySlices(reader, group, scope.kind === 'place' ? { place: scope.place } : { merchants: inCircle! }, order);
    }
    if (found.hits.length > 0 || found.cut) return found;
  }
  return nothingFound();
}

/** A price order reads its matches at once when they are at most this many: each match's price is a row read. */
const FEW_PRICED = 1_000;

interface Slice {
  token: string;
  products: number;
  /** A price band read by its slices, in the order's direction. */
  slices?: Slice[];
}

/**
 * Price or popularity order in one group: few matches are read at once and sorted; more are read
 * a slice at a time in the order's direction (price bands from the cheapest or the dearest, or
 * popularity tiers from the top), until a slice completes the page: every product in a later
 * slice comes after every one before it. Inside the slices read, the exact price (or views) sorts.
 */
function bySlices(
  reader: DiscoveryReader,
  request: SearchRequest,
  where: { place: PlaceScope } | { merchants: NearestStores },
  order: 'price_asc' | 'price_desc' | 'popularity',
): Found {
  const sort = order === 'price_asc' ? byPriceAscending : order === 'price_desc' ? byPriceDescending : byPopularity;
  const read = (expression: string, cap: number): Hit[] => {
    if ('place' in where) return readInPlace(reader, request, expression, where.place.token, cap);
    const hits: Hit[] = [];
    for (const hit of readMatches(reader, request, expression, cap)) {
      const store = where.merchants.get(hit.merchantId);
      if (store) hits.push({ ...hit, distanceKm: store.distanceKm, storeId: store.storeId });
    }
    return hits;
  };
  const bound = matchBound(request);
  // Priced reads cost a row's price each: fewer are read at once for a price order.
  const few = order === 'popularity' ? DIRECT_MATCHES : FEW_PRICED;
  if (bound <= few && request.budget.take(readCost(request, 0), true)) {
    const hits = read(expressionOf(request), few + 1);
    if (hits.length <= few) {
      const total = exactly(hits.length);
      return { hits: hits.sort(sort).slice(0, request.limit), total: () => total, cut: false };
    }
  }
  const slices = order === 'popularity' ? tiers(reader) : priceSlices(reader, request, order, bound);
  // A band is read as a filter token of its own: the range's bands are no longer needed beside it.
  const sliced = order === 'popularity' ? request : { ...request, price: request.price && { ...request.price, bands: [] } };
  const collected: Hit[] = [];
  let readAll = true;
  /** The last slice there is: once it is read, every match is. */
  const lastSlice = slices.at(-1)?.slices?.at(-1) ?? slices.at(-1);
  walk: for (const group of slices) {
    // A band read by its slices is first checked for any match at all (the index alone, stopping
    // at the first): a price order over words whose products sit at the other end of the prices
    // skips each empty band in one read, not one per slice.
    if (group.slices) {
      if (!request.budget.take(sliceCost(sliced, group.products))) {
        readAll = false;
        break;
      }
      if (reader.countMatches(expressionOf(sliced, { facets: [group.token] }), 1) === 0) continue;
    }
    for (const slice of group.slices ?? [group]) {
      if (!request.budget.take(sliceCost(sliced, slice.products))) {
        readAll = false;
        break walk;
      }
      collected.push(...read(expressionOf(sliced, { facets: [slice.token] }), MAX_MATCHES));
      if (collected.length >= request.limit && slice !== lastSlice) {
        readAll = false;
        break walk;
      }
    }
  }
  const hits = collected.sort(sort).slice(0, request.limit);
  const found = collected.length;
  const total = () => {
    if (readAll) return exactly(found);
    if ('place' in where && !request.budget.cut) return countInPlace(reader, request, where.place, found);
    return atLeast(found);
  };
  return { hits, total, cut: request.budget.cut };
}

/** The whole catalog's popularity tiers (c0t1…): a circle's products are kept by their merchants. */
function tiers(reader: DiscoveryReader): Slice[] {
  return Array.from({ length: TIERS }, (_, i) => ({
    token: tierToken(WHOLE_CATALOG_PLACE, i + 1),
    products: Math.ceil(TIER_SIZES[i]! * reader.counts.products),
  }));
}

/** Matches of the words one price read should hold at most: more, and the band is read by its slices. */
const MATCHES_PER_READ = 500;

/**
 * The price bands to read, in the order's direction, those of the range only: whole bands when
 * the words' matches spread thin enough over them, else each band's slices (a word in half the
 * catalog has thousands of matches in a band, a few hundred in a slice).
 */
function priceSlices(reader: DiscoveryReader, request: SearchRequest, order: 'price_asc' | 'price_desc', bound: number): Slice[] {
  const cents = request.price?.cents ?? { min: 0, max: Number.MAX_SAFE_INTEGER };
  const inRange = (r: { minCents: number; maxCents: number }) => r.maxCents >= cents.min && r.minCents <= cents.max;
  const bands = reader.priceBands.filter(inRange);
  const perBand = bound / Math.max(1, reader.priceBands.length);
  const direction = <T>(list: T[]) => (order === 'price_asc' ? list : [...list].reverse());
  return direction(
    bands.map((b) => ({
      token: priceBandToken(b.band),
      products: b.productsCount,
      ...(perBand > MATCHES_PER_READ
        ? {
            slices: direction(
              b.slices.filter(inRange).map((s) => ({ token: priceSliceToken(s.band, s.slice), products: s.productsCount })),
            ),
          }
        : {}),
    })),
  );
}
