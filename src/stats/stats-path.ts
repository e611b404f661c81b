import { pathTemplates, under } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';

/** The REST API: everything under its prefix is the stats route's (its own 404 included). */
export const API_PATHS = under(PATHS.api);

/** What the request log names a path under the API that is no statistics path. */
export const OTHER_API_PATH = `${PATHS.api}/*`;

/** The statistics paths, from their templates: group 1 is a product's id segment, group 2 a merchant's, group 3 a product's price history's. */
const STATS_PATHS = pathTemplates([PATHS.productStats, PATHS.merchantStats, PATHS.productPriceHistory]);

/*
 * The last path parsed and its parse. The route's log template parses a request's path (the app
 * asks for it first, src/app/pipeline.ts); its handler, called next for the same path, takes that
 * parse instead of parsing again (the stats path is the hot one). Keyed by the path, so a call for another path parses
 * afresh rather than answer for the wrong one.
 */
let parsedPath = '';
let parsed: RegExpExecArray | null = null;

/** The statistics path a path is (null: none), parsed once for consecutive calls with one path. */
export function statsPathOf(pathname: string): RegExpExecArray | null {
  if (pathname !== parsedPath) {
    parsed = STATS_PATHS.exec(pathname);
    parsedPath = pathname;
  }
  return parsed;
}

/** What a parsed path asks for: a product's statistics, a merchant's, or a product's price history. */
export type StatsKind = 'product' | 'merchant' | 'priceHistory';
export const kindOf = (match: RegExpExecArray): StatsKind =>
  match[1] !== undefined ? 'product' : match[2] !== undefined ? 'merchant' : 'priceHistory';
/** The route template a parsed path is, for the request log. */
export const templateOf = (match: RegExpExecArray): string =>
  ({ product: PATHS.productStats, merchant: PATHS.merchantStats, priceHistory: PATHS.productPriceHistory })[kindOf(match)];
export const idSegmentOf = (match: RegExpExecArray): string => match[1] ?? match[2] ?? match[3]!;
