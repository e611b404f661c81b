import { describe, expect, it } from 'vitest';
import { offerOf } from './offer.ts';
import { installmentsText } from './offer-text.ts';

const row = {
  priceCents: 119_900,
  availability: null,
  listPriceCents: null,
  pixPriceCents: null,
  installmentsCount: null,
  installmentsInterestFree: null,
  condition: null,
  gtin: null,
};
const text = (count: number, free: 0 | 1, priceCents = 119_900) =>
  installmentsText(offerOf({ ...row, priceCents, installmentsCount: count, installmentsInterestFree: free }).installments);

describe('installmentsText', () => {
  it('says the installments as shops do', () => {
    expect(text(10, 1)).toBe('10x de R$ 119,90 sem juros');
    expect(text(3, 1, 10_000)).toBe('3x sem juros (1ª de R$ 33,34, demais de R$ 33,33)');
    expect(text(12, 0)).toBe('em até 12x com juros');
    expect(installmentsText(null)).toBeNull();
  });
});
