import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, priceBands, SLICES_PER_BAND } from './price-bands.ts';

describe('price bands', () => {
  it('cuts the prices into bands of about as many products, cheapest first, covering every price once', () => {
    const prices = Float64Array.from({ length: 10_000 }, (_, i) => 990 + ((i * 7919) % 5000) * 10);
    const bands = priceBands(prices);
    expect(bands).toHaveLength(PRICE_BANDS);
    expect(bands.reduce((sum, b) => sum + b.products, 0)).toBe(10_000);
    for (const [i, band] of bands.entries()) {
      expect(band.products).toBeGreaterThan(10_000 / PRICE_BANDS - 20);
      expect(band.products).toBeLessThan(10_000 / PRICE_BANDS + 20);
      if (i > 0) expect(band.minCents).toBeGreaterThan(bands[i - 1]!.maxCents);
      // Its slices cover it exactly, in order, one price never in two.
      expect(band.slices.reduce((sum, s) => sum + s.products, 0)).toBe(band.products);
      expect(band.slices[0]!.minCents).toBe(band.minCents);
      expect(band.slices.at(-1)!.maxCents).toBe(band.maxCents);
      for (const [k, slice] of band.slices.entries()) if (k > 0) expect(slice.minCents).toBeGreaterThan(band.slices[k - 1]!.maxCents);
    }
    expect(bands[0]!.slices).toHaveLength(SLICES_PER_BAND);
  });

  it('never splits one price across two bands, so reading bands in order reads prices in order', () => {
    // Half the catalog at one price: that price is one band, however large.
    const prices = Float64Array.from([...Array(500).fill(4990), ...Array.from({ length: 500 }, (_, i) => 100 + i)]);
    const bands = priceBands(prices, 10);
    const at = bands.filter((b) => b.minCents <= 4990 && b.maxCents >= 4990);
    expect(at).toEqual([{ minCents: 4990, maxCents: 4990, products: 500, slices: [{ minCents: 4990, maxCents: 4990, products: 500 }] }]);
    for (const [i, band] of bands.entries()) if (i > 0) expect(band.minCents).toBeGreaterThan(bands[i - 1]!.maxCents);
    expect(priceBands(new Float64Array(0))).toEqual([]);
  });
});
