import { describe, expect, it } from 'vitest';
import { ProductRecordSchema } from './export-records.ts';
import { readOfferFacts } from './offer-facts.ts';

const product = {
  id: 1,
  merchantId: 1,
  title: 'Geladeira Frost Free 375 L',
  description: 'Duas portas.',
  category: 'Eletrodomésticos',
  brand: 'Brastemp',
  priceCents: 299_990,
  slug: 'geladeira-1',
  imageUrl: 'https://img.example.com.br/1.jpg',
  publishedAt: '2026-11-01T10:00:00-03:00',
  updatedAt: '2026-11-02T10:00:00-03:00',
};

/** The record the schema makes of a line, and what it dropped. */
function read(offer: Record<string, unknown>) {
  const record = ProductRecordSchema.parse({ ...product, ...offer }) as Record<string, unknown> & { priceCents: number };
  return { record, dropped: readOfferFacts(record).map(({ field, message }) => `${field}: ${message}`) };
}

describe('the offer facts of a product record', () => {
  it('keeps valid values, each GTIN length with its check digit', () => {
    for (const gtin of ['12345670', '036000291452', '7891000315507', '07891000315507']) {
      const { record, dropped } = read({
        availability: 'backorder',
        listPriceCents: 349_990,
        pixPriceCents: 284_990,
        installments: { count: 10, interestFree: true },
        condition: 'used',
        gtin,
      });
      expect(dropped).toEqual([]);
      expect(record).toMatchObject({ availability: 'backorder', listPriceCents: 349_990, pixPriceCents: 284_990, gtin });
    }
  });

  it('drops each bad value alone, with why, and keeps the product', () => {
    const { record, dropped } = read({
      availability: 'sim',
      listPriceCents: 299_990,
      pixPriceCents: 300_000,
      installments: { count: 0, interestFree: 'yes' },
      condition: 'novo',
      gtin: '789-1000315507',
    });
    expect(record.title).toBe(product.title);
    expect(dropped).toEqual([
      expect.stringMatching(/^availability: dropped: /),
      'listPriceCents: dropped: 299990 is not above priceCents (299990)',
      'pixPriceCents: dropped: 300000 is above priceCents (299990)',
      expect.stringMatching(/^installments: dropped: count: /),
      expect.stringMatching(/^condition: dropped: /),
      'gtin: dropped: must be 8, 12, 13 or 14 digits',
    ]);
    for (const field of ['availability', 'listPriceCents', 'pixPriceCents', 'installments', 'condition', 'gtin'] as const)
      expect(record[field]).toBeUndefined();
  });

  it('reads null as absent, refuses an installments object with more in it, and still refuses an unknown field', () => {
    const { record, dropped } = read({ availability: null, gtin: null });
    expect(dropped).toEqual([]);
    expect(record.availability).toBeUndefined();
    expect(read({ installments: { count: 3, interestFree: true, rate: 2 } }).dropped).toEqual([
      expect.stringMatching(/^installments: dropped: /),
    ]);
    expect(ProductRecordSchema.safeParse({ ...product, emEstoque: true }).success).toBe(false);
  });
});
