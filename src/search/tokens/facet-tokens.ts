/**
 * The search index's facet tokens: filters written into the `facets` column as words, so that
 * FTS5 intersects them with the shopper's words in one read. One grammar, which the build writes
 * (src/catalog-build/record-loaders.ts, src/search/index-build/search-schema.ts) and the planner asks for
 * (src/search/planner/):
 *
 * - `m<merchantId>`: the product's merchant;
 * - `k<categoryId>`: its category;
 * - `b<brandId>`: its brand;
 * - `c<cityId>t<tier>`, `d<districtId>t<tier>`: a city or district where its merchant has a
 *   store, with the product's popularity tier (1: the most viewed; TIER_SHARES);
 * - `c0t<tier>`: the whole catalog, by tier (ids start at 1, so `c0` names no city);
 * - `k0`: an accessory's title or category (src/search/query/accessories.ts; `k0` names no category);
 * - `m0`: a real price drop of the last 30 days (src/price-history/price-figures.ts,
 *   recentDropPercent; `m0` names no merchant), and `m0t<band>` its band (DROP_BANDS), the
 *   largest drops first, as the tiers are read for popularity.
 *
 * A facet is a letter and digits; the words of the vocabulary (search_words) leave them out.
 */

/** The letters that start a facet token, in the order SQLite sorts them (wordTermsSql needs it). */
export const FACET_LETTERS = ['b', 'c', 'd', 'k', 'm'] as const;

/** A term shaped like a facet token: a facet letter, then a digit. */
export const FACET_TOKEN_SHAPE = new RegExp(`^[${FACET_LETTERS.join('')}][0-9]`);

/** The place token of the whole catalog: every published product is in it. */
export const WHOLE_CATALOG_PLACE = 'c0';

/** The mark of a product whose title or category is an accessory's: one short list to leave out. */
export const ACCESSORY_MARK = 'k0';

/** The mark of a product whose price really dropped in the last 30 days: search's priceDropped. */
export const PRICE_DROP_MARK = 'm0';

/** The lowest drop, in percent, of each band of price drops (band 1: 50% or more; the last: any). */
export const DROP_BANDS = [50, 35, 25, 20, 15, 12, 10, 8, 6, 4, 2, 1, 0] as const;

/** A drop band's token: the price_drop order reads band 1 first and stops at the band that fills the page. */
export const dropBandToken = (band: number): string => `${PRICE_DROP_MARK}t${band}`;

export const merchantToken = (id: number): string => `m${id}`;
export const categoryToken = (id: number): string => `k${id}`;
export const cityToken = (id: number): string => `c${id}`;
export const districtToken = (id: number): string => `d${id}`;
export const brandToken = (id: number): string => `b${id}`;

/** A place's token in one popularity tier. */
export const tierToken = (place: string, tier: number): string => `${place}t${tier}`;

/** What stands for the tier in a merchant's place tokens until the build writes each product's. */
export const TIER_PLACEHOLDER = '?';

/** A merchant's place token, its tier left to fill per product. */
export const placeOfAnyTier = (place: string): string => `${place}t${TIER_PLACEHOLDER}`;

/** SQL for the facets of a product row: its merchant, category and brand tokens (columns named by the caller). */
export const productFacetsSql = (merchantColumn: string, categoryColumn: string, brandColumn: string): string =>
  `'m' || ${merchantColumn} || ' k' || ${categoryColumn} || ' b' || ${brandColumn}`;

/** SQL that keeps the index's terms that are words, not facets (each facet letter followed by a digit). */
export function wordTermsSql(source: string): string {
  const ranges: string[] = [];
  let from: string | null = null;
  for (const letter of FACET_LETTERS) {
    // A letter's digits sort from "<letter>0" to just before "<letter>:".
    ranges.push(`SELECT term, col, doc FROM ${source} WHERE ${from === null ? '' : `term >= '${from}:' AND `}term < '${letter}0'`);
    from = letter;
  }
  ranges.push(`SELECT term, col, doc FROM ${source} WHERE term >= '${from}:'`);
  return ranges.join('\n    UNION ALL ');
}
