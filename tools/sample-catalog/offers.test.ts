import { isValid } from 'gtin';
import { describe, expect, it } from 'vitest';
import { modelGtin, offerFor } from './offers.ts';
import { Rng } from './rng.ts';

const product = (id: number, priceCents: number, category = 'Eletrônicos') => ({
  id,
  merchantId: (id % 30) + 1,
  title: 't',
  description: 'd',
  category,
  brand: 'b',
  priceCents,
  slug: 's',
  imageUrl: 'https://img.example/1.jpg',
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('the sample catalog’s offers', () => {
  it('gives a model one valid GTIN-13 of the Brazilian prefix, another model another', () => {
    const gtin = modelGtin('Smart TV|Samsung|55"|');
    expect(gtin).toMatch(/^789\d{10}$/);
    expect(isValid(gtin)).toBe(true);
    expect(modelGtin('Smart TV|Samsung|55"|')).toBe(gtin);
    expect(modelGtin('Smart TV|Samsung|65"|')).not.toBe(gtin);
  });

  it('draws the shares a Brazilian shop shows, every fact valid against the price', () => {
    const rng = new Rng();
    const offers = Array.from({ length: 4000 }, (_, i) => {
      const p = product(i + 1, 5_000 + ((i * 7919) % 300_000));
      return { p, offer: offerFor(rng, 1, p, `model ${i % 500}`) };
    });
    const share = (test: (o: (typeof offers)[number]) => boolean) => offers.filter(test).length / offers.length;
    expect(share((o) => o.offer.availability === 'out_of_stock')).toBeGreaterThan(0.06);
    expect(share((o) => o.offer.availability === 'out_of_stock')).toBeLessThan(0.1);
    expect(share((o) => o.offer.listPriceCents !== undefined)).toBeGreaterThan(0.25);
    expect(share((o) => o.offer.listPriceCents !== undefined)).toBeLessThan(0.35);
    expect(share((o) => o.offer.gtin !== undefined)).toBeGreaterThan(0.8);
    for (const { p, offer } of offers) {
      if (offer.listPriceCents !== undefined) expect(offer.listPriceCents).toBeGreaterThan(p.priceCents);
      if (offer.pixPriceCents !== undefined) expect(offer.pixPriceCents).toBeLessThanOrEqual(p.priceCents);
      if (offer.installments !== undefined) expect(p.priceCents).toBeGreaterThanOrEqual(10_000);
    }
    // Deterministic: the same seed, the same facts.
    expect(offerFor(new Rng(), 1, offers[7]!.p, 'model 7')).toEqual(offers[7]!.offer);
  });
});
