import type { SearchReader } from '../index-read/search-reader.ts';
import { WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';
import type { NearestStores } from './circle.ts';
import { countInPlace } from './place-plans.ts';
import {
  atLeast,
  byPriceAscending,
  byPriceDescending,
  exactly,
  expressionOf,
  type Found,
  type Hit,
  matchBound,
  readCost,
  readMarkingPlace,
  readMatches,
  type SearchRequest,
  shownOf,
} from './request.ts';
import { type PlaceScope, tiersOf } from './tiers.ts';

/** The first read of a price order: a page, with room for the matches a place or circle leaves out. */
const FIRST_READ = 64;
/**
 * A place with at least this share of the catalog's products (the largest cities of a catalog
 * whose merchants have stores there) is not joined to the expression as the union of its tiers,
 * lists nearly as long as the index: its matches are read and kept by their merchant's places.
 * At 4,000,000 products, "rapido" from the dearest in São Paulo (92% of the products): 65 ms
 * through the tiers, 13.5 ms marked (docs/benchmarks.md, "Search since the offers").
 */
const MARKED_PLACE_SHARE = 0.5;
/** Each further read is this many times the last. */
const GROWTH = 4;

/**
 * Price order in one group. The index lists every word's products cheapest first (its rowids are
 * the products' ordinals in price order: src/search/index-build/search-schema.ts, search_rows), so the page is the
 * first matches read from the cheap or the dear end of the lists, in the place (its tier tokens
 * join the expression) or the circle (its merchants are kept as read). Reads grow until the page
 * is full and the last match read is priced past the page's last product (the products of one
 * price are ranked by popularity), or every match is read.
 */
export function byPrice(
  reader: SearchReader,
  request: SearchRequest,
  where: { place: PlaceScope } | { merchants: NearestStores },
  order: 'price_asc' | 'price_desc',
): Found {
  const descending = order === 'price_desc';
  const place = 'place' in where && where.place.token !== WHOLE_CATALOG_PLACE ? where.place : null;
  const share = place === null ? 1 : place.products / Math.max(1, reader.counts.products);
  // In a place, its tiers join the expression, unless it is most of the catalog: then it is marked.
  const marked = place !== null && share >= MARKED_PLACE_SHARE ? place : null;
  const tiers = place !== null && marked === null;
  const expression = expressionOf(request, tiers ? { anyFacets: [tiersOf(place, request.includeOutOfStock)] } : {});
  // A read stops at its limit: were the matches spread evenly along the lists, it would walk that
  // share of them (in a place, about the place's share of the words' products match); at most all.
  const whole = readCost(request, tiers ? place.products : 0);
  const spread = matchBound(request) * (tiers ? share : 1);
  const walk = (size: number) => Math.min(whole, Math.ceil((size * whole) / Math.max(1, spread)));
  const keep = (hit: Hit): Hit | null => {
    if ('place' in where) return hit;
    const store = where.merchants.get(hit.merchantId);
    return store ? { ...hit, distanceKm: store.distanceKm, storeId: store.storeId } : null;
  };
  /** The matches read, in order, and of them those in the place or circle. */
  const read = (size: number): { matches: Hit[]; kept: Hit[] } => {
    if (marked !== null) {
      const rows = readMarkingPlace(reader, request, expression, marked.token, size, descending);
      return { matches: rows.map((r) => r.hit), kept: rows.flatMap((r) => (r.inPlace ? [r.hit] : [])) };
    }
    const matches = readMatches(reader, request, expression, size, descending);
    return { matches, kept: matches.map(keep).filter((hit): hit is Hit => hit !== null) };
  };
  let hits: Hit[] = [];
  /** Out-of-stock matches of the last read, left out (counted in a circle: a place's tiers leave them out). */
  let dropped = 0;
  for (let size = FIRST_READ; ; size *= GROWTH) {
    if (!request.budget.take(walk(size))) break;
    const { matches, kept } = read(size);
    hits = shownOf(request, kept);
    dropped = kept.length - hits.length;
    const everyMatch = matches.length < size;
    const pageLast = hits[request.limit - 1];
    if (everyMatch || (pageLast !== undefined && matches.at(-1)!.priceCents !== pageLast.priceCents)) {
      const page = hits.sort(descending ? byPriceDescending : byPriceAscending).slice(0, request.limit);
      const found = hits.length;
      const total = () => {
        if (everyMatch) return exactly(found);
        return 'place' in where ? countInPlace(reader, request, where.place, found) : atLeast(found);
      };
      const leftOut = 'place' in where || request.includeOutOfStock ? undefined : everyMatch ? exactly(dropped) : atLeast(dropped);
      return { hits: page, total, cut: false, ...(leftOut && { leftOut }) };
    }
  }
  // The budget stopped the reads: the best of what was read, in order.
  const found = hits.length;
  return {
    hits: hits.sort(descending ? byPriceDescending : byPriceAscending).slice(0, request.limit),
    total: () => atLeast(found),
    cut: true,
  };
}
