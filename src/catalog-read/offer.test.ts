import { describe, expect, it } from 'vitest';
import { availabilityOf, offerOf } from './offer.ts';

const none = {
  priceCents: 119_900,
  availability: null,
  listPriceCents: null,
  pixPriceCents: null,
  installmentsCount: null,
  installmentsInterestFree: null,
  condition: null,
  gtin: null,
};

describe('offerOf', () => {
  it('reads absent facts as in stock, new, with nothing more', () => {
    expect(availabilityOf(none)).toBe('in_stock');
    expect(offerOf(none)).toEqual({
      condition: 'new',
      listPrice: null,
      discountPercent: null,
      pixPrice: null,
      installments: null,
      gtin: null,
    });
  });

  it('derives the discount and each interest-free installment, the remainder in the first', () => {
    const offer = offerOf({ ...none, listPriceCents: 139_900, pixPriceCents: 113_905, installmentsCount: 10, installmentsInterestFree: 1 });
    expect(offer.listPrice?.formatted).toBe('R$ 1.399,00');
    expect(offer.discountPercent).toBe(14);
    expect(offer.pixPrice?.formatted).toBe('R$ 1.139,05');
    expect(offer.installments).toMatchObject({ count: 10, interestFree: true, amount: { formatted: 'R$ 119,90' }, firstAmount: null });
    // R$ 100,00 in 3: 33,34 + 33,33 + 33,33.
    const thirds = offerOf({ ...none, priceCents: 10_000, installmentsCount: 3, installmentsInterestFree: 1 }).installments;
    expect(thirds).toMatchObject({ amount: { cents: 3333 }, firstAmount: { cents: 3334 } });
  });

  it('states no amount when interest applies', () => {
    expect(offerOf({ ...none, installmentsCount: 12, installmentsInterestFree: 0 }).installments).toEqual({
      count: 12,
      interestFree: false,
      amount: null,
      firstAmount: null,
    });
  });
});
