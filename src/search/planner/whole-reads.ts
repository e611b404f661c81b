import type { SearchReader } from '../index-read/search-reader.ts';
import { countOf, expressionOf, type Hit, matchBound, readCost, readMatches, type SearchRequest } from './request.ts';

/*
 * Reads of the words' matches in the whole catalog at once, not tier by tier or merchant by
 * merchant: what every plan tries first when the counts say the matches are few.
 */

/** Bounds one index read, so no query can make a search unbounded. */
export const MAX_MATCHES = 50_000;
/** In a city or district, words or a category with at most this many matches are read whole. */
export const DIRECT_MATCHES = 5_000;

/**
 * All matches of the words and the category in the whole catalog, when there are at most `cap`;
 * null when there are more. Worth trying when the counts say so (one word with few products), and
 * for several words, whose counts say little (words common alone can be rare together): those are
 * counted in the index first, which stops at the cap when they are common together, before their
 * matches are read and joined. Each of the two is charged its whole walk.
 */
export function allMatchesIfFew<T>(
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

/** Up to `limit` matches of the words and filters anywhere in the catalog; null when the budget does not allow the read. */
export function matchesAnywhere(reader: SearchReader, request: SearchRequest, limit: number): Hit[] | null {
  if (matchBound(request) === 0 || !request.budget.take(readCost(request, 0), true)) return null;
  return readMatches(reader, request, expressionOf(request), limit);
}
