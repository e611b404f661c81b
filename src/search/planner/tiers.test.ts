import { describe, expect, it } from 'vitest';
import { TIER_SHARES } from '../index-build/search-schema.ts';
import { inStock, LARGE_TIERS_FROM, OUT_OF_STOCK_TIER, TIERS, tierSizesOf, tiersOf } from './tiers.ts';

describe('popularity tiers', () => {
  it('size each tier as its share of the products, the shares adding up to the whole', () => {
    expect(TIERS).toBe(TIER_SHARES.length);
    for (const products of [400, 1_000_000, 4_000_000]) {
      const sizes = tierSizesOf(products);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBeCloseTo(1, 12);
      expect(sizes.every((size) => size > 0)).toBe(true);
    }
    expect(LARGE_TIERS_FROM).toBe(TIERS - 1);
  });

  it('keep every tier but the last at its size of a million products in larger catalogs', () => {
    const products = (n: number) => tierSizesOf(n).map((size) => Math.round(size * n));
    expect(products(1_000_000)).toEqual([500, 2_000, 7_500, 40_000, 150_000, 800_000]);
    expect(products(4_000_000)).toEqual([500, 2_000, 7_500, 40_000, 150_000, 3_800_000]);
    expect(tierSizesOf(400)).toEqual(tierSizesOf(1_000_000));
  });

  it('name a place’s list in every tier, the most viewed first', () => {
    expect(tiersOf({ token: 'd45', products: 10 })).toEqual(Array.from({ length: TIERS }, (_, i) => `d45t${i + 1}`));
  });

  it('read the out-of-stock products’ tier last, and only when they are included', () => {
    expect(OUT_OF_STOCK_TIER).toBe(TIERS + 1);
    expect(tiersOf({ token: 'c3', products: 10 }, true).at(-1)).toBe(`c3t${TIERS + 1}`);
    expect(tiersOf({ token: 'c3', products: 10 }, false)).toHaveLength(TIERS);
    expect([1, TIERS, OUT_OF_STOCK_TIER].map(inStock)).toEqual([true, true, false]);
  });
});
