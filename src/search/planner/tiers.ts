import { TIER_SHARES } from '../index-build/search-schema.ts';
import { tierToken } from '../tokens/facet-tokens.ts';

/*
 * The index's popularity tiers as the plans read them: a place's products in tiers of views
 * (TIER_SHARES), each tier one short list of the index (a place token and a tier).
 */

/** Number of popularity tiers in the index. */
export const TIERS = TIER_SHARES.length;
/** Each tier's share of the products (TIER_SHARES is cumulative). */
export const TIER_SIZES = TIER_SHARES.map((share, i) => share - (TIER_SHARES[i - 1] ?? 0));
/** The first of the large tiers: the last two hold 95% of the products. */
export const LARGE_TIERS_FROM = TIERS - 1;
/** A city's or district's place token and how many products it has. */
export interface PlaceScope {
  token: string;
  products: number;
}

/** A place's tokens of every tier: one of them is in each of its products. */
export const tiersOf = (place: PlaceScope): string[] => Array.from({ length: TIERS }, (_, i) => tierToken(place.token, i + 1));
