import type { SearchReader } from '../index-read/search-reader.ts';
import { tierToken } from '../tokens/facet-tokens.ts';
import { atLeast, countOf, exactly, expressionOf, type Hit, matchBound, readCost, type SearchRequest, type Total } from './request.ts';
import { OUT_OF_STOCK_TIER, type PlaceScope, tierShare } from './tiers.ts';

/*
 * The out-of-stock matches a search in a named place left out, counted so that its answer can say
 * so ("2 more out of stock"): one count in their tier's list of the place, a short one, with the
 * words and filters, stopped at OUT_OF_STOCK_COUNT_CAP (a number past it says little more). Only
 * when the in-stock matches end on this page (local-search-place.ts): before that the shopper has
 * more to read, and the count walked as much of the lists as the page's own read did, even
 * stopped at its first match (a price range's search took twice as long at a million products:
 * docs/benchmarks.md, "Search since the offers"). Null when the search's budget does not allow
 * it: the answer then says nothing. A circle's plans count those they read instead (Found.leftOut).
 */

/** Counted up to this many: "at least 100 more out of stock". */
export const OUT_OF_STOCK_COUNT_CAP = 100;

/** Out-of-stock matches of the request in a named place (its tier token), up to OUT_OF_STOCK_COUNT_CAP. */
export function outOfStockInPlace(reader: SearchReader, request: SearchRequest, place: PlaceScope): Total | null {
  if (matchBound(request) === 0) return exactly(0);
  const entries = Math.ceil(tierShare(reader, OUT_OF_STOCK_TIER) * place.products);
  // Charged as a whole read of its lists (readCost), as the bound's own test measures every read:
  // words common alone and rare together are not counted at all, rather than past the budget.
  if (!request.budget.take(readCost(request, entries), true)) return null;
  const expression = expressionOf(request, { facets: [tierToken(place.token, OUT_OF_STOCK_TIER)] });
  return capped(countOf(reader, request, expression, OUT_OF_STOCK_COUNT_CAP + 1));
}

/** A count as the answer gives it: "at least 100" past OUT_OF_STOCK_COUNT_CAP. */
const capped = (counted: number): Total => (counted > OUT_OF_STOCK_COUNT_CAP ? atLeast(OUT_OF_STOCK_COUNT_CAP) : exactly(counted));

/** The out-of-stock ones among matches read whole (every tier), capped as the count is: no read of their tier needed. */
export function outOfStockAmong(hits: Hit[]): Total {
  return capped(hits.reduce((n, hit) => (hit.tier === OUT_OF_STOCK_TIER ? n + 1 : n), 0));
}
