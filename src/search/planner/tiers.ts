import { OUT_OF_STOCK_TIER, TIER_SHARES, tierSharesOf } from '../index-build/search-schema.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import { tierToken } from '../tokens/facet-tokens.ts';

/*
 * The index's popularity tiers as the plans read them: a place's products in tiers of views
 * (TIER_SHARES, bounded in large catalogs: tierSharesOf), each tier one short list of the index (a place token and a tier). Out-of-stock
 * products are in a tier after them (OUT_OF_STOCK_TIER), read only when a search includes them.
 */

/** Number of popularity tiers in the index. */
export const TIERS = TIER_SHARES.length;
export { OUT_OF_STOCK_TIER };
/** Each tier's share of a catalog of `products` published products, as its build sized them (tierSharesOf is cumulative). */
export function tierSizesOf(products: number): number[] {
  const shares = tierSharesOf(products);
  return shares.map((share, i) => share - (shares[i - 1] ?? 0));
}
const tierSizes = (reader: SearchReader): number[] => tierSizesOf(reader.counts.products);
/** The first of the large tiers: the last two hold 95% of the products. */
export const LARGE_TIERS_FROM = TIERS - 1;
/** A city's or district's place token and how many products it has. */
export interface PlaceScope {
  token: string;
  products: number;
}

/** The last tier a search reads: the popularity tiers, then the out-of-stock products' when included. */
export const lastTier = (includeOutOfStock: boolean | undefined): number => (includeOutOfStock ? OUT_OF_STOCK_TIER : TIERS);

/** Whether a tier's products are in stock (the popularity tiers) or not (OUT_OF_STOCK_TIER). */
export const inStock = (tier: number): boolean => tier <= TIERS;

/** A place's tokens of every tier read: one of them is in each of its products searched. */
export const tiersOf = (place: PlaceScope, includeOutOfStock?: boolean): string[] =>
  Array.from({ length: lastTier(includeOutOfStock) }, (_, i) => tierToken(place.token, i + 1));

/** A tier's share of the catalog's products: a popularity tier's, or the out-of-stock products'. */
export const tierShare = (reader: SearchReader, tier: number): number =>
  inStock(tier) ? tierSizes(reader)[tier - 1]! : reader.outOfStockProducts() / Math.max(1, reader.counts.products);

/** The shares of the tiers from `tier` on, the last included: what reading the rest of a place costs. */
export const sharesFrom = (reader: SearchReader, tier: number): number[] => tierSizes(reader).slice(tier - 1);
