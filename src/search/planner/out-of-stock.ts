import type { SearchReader } from '../index-read/search-reader.ts';
import { tierToken, WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';
import { type Circle, merchantsInCircle } from './circle.ts';
import {
  atLeast,
  COUNT_CAP,
  countOf,
  exactly,
  expressionOf,
  matchBound,
  readMatches,
  type SearchRequest,
  sliceCost,
  type Total,
} from './request.ts';
import { OUT_OF_STOCK_TIER, type PlaceScope, tierShare } from './tiers.ts';

/*
 * The out-of-stock matches a search left out, counted so that its answer can say so ("2 more out
 * of stock"): one read of their tier's list, a short one (the products out of stock), with the
 * words and filters. Null when the search's budget does not allow it: the answer then says nothing.
 */

/** Out-of-stock matches of the request in a named place (its tier token), up to COUNT_CAP. */
export function outOfStockInPlace(reader: SearchReader, request: SearchRequest, place: PlaceScope): Total | null {
  if (matchBound(request) === 0) return exactly(0);
  const entries = Math.ceil(tierShare(reader, OUT_OF_STOCK_TIER) * place.products);
  if (!request.budget.take(sliceCost(request, entries), true)) return null;
  const expression = expressionOf(request, { facets: [tierToken(place.token, OUT_OF_STOCK_TIER)] });
  const counted = countOf(reader, request, expression, COUNT_CAP + 1);
  return counted > COUNT_CAP ? atLeast(COUNT_CAP) : exactly(counted);
}

/** Out-of-stock matches of the request sold by a merchant with a store in the circle, of the first COUNT_CAP in the catalog. */
export function outOfStockInCircle(reader: SearchReader, request: SearchRequest, circle: Circle): Total | null {
  if (matchBound(request) === 0) return exactly(0);
  const entries = Math.ceil(tierShare(reader, OUT_OF_STOCK_TIER) * reader.counts.products);
  if (!request.budget.take(sliceCost(request, entries), true)) return null;
  const expression = expressionOf(request, { facets: [tierToken(WHOLE_CATALOG_PLACE, OUT_OF_STOCK_TIER)] });
  const matches = readMatches(reader, request, expression, COUNT_CAP + 1);
  if (matches.length === 0) return exactly(0);
  const merchants = merchantsInCircle(reader, circle);
  const inCircle = matches.slice(0, COUNT_CAP).filter((m) => merchants.has(m.merchantId)).length;
  return matches.length > COUNT_CAP ? atLeast(inCircle) : exactly(inCircle);
}
