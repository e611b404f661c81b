import { describe, expect, it } from 'vitest';
import type { SearchReader } from '../index-read/search-reader.ts';
import { priceFilterOf, resultFilters } from './search-filters.ts';

// Thirty products priced from R$ 10,00 to R$ 2.820,00, in ordinals 1 to 30 (cheapest first).
const prices = Array.from({ length: 30 }, (_, i) => (i < 10 ? 1000 + i * 100 : i < 20 ? 10000 + i * 1000 : 50000 + i * 8000));
const reader = {
  priceRange: { min: prices[0], max: prices.at(-1) },
  ordinalsPricedWithin: ({ min, max }: { min: number; max: number }) => {
    const first = prices.findIndex((p) => p >= min) + 1;
    const last = prices.findLastIndex((p) => p <= max) + 1;
    return first > 0 && last >= first ? { first, last } : null;
  },
} as unknown as SearchReader;

describe('result filters from the arguments and the words', () => {
  it('reads a budget and an order from the words, and leaves them out of the query', () => {
    expect(resultFilters({ query: 'geladeira até 3 mil mais barata' }, false)).toMatchObject({
      price: { min: null, max: 3000, source: 'query' },
      sort: { value: 'price_asc', source: 'query' },
      read: ['até 3 mil', 'mais barata'],
      rest: 'geladeira',
    });
  });

  it('lets price arguments replace the words’ budget whole, and a sort argument their order', () => {
    expect(resultFilters({ query: 'tv até 2000 reais mais cara', minPrice: 500, sort: 'popularity' }, false)).toMatchObject({
      price: { min: 500, max: null, source: 'arguments' },
      sort: { value: 'popularity', source: 'arguments' },
      rest: 'tv',
    });
  });

  it('refuses minPrice above maxPrice, naming both', () => {
    expect(resultFilters({ query: null, minPrice: 300, maxPrice: 100 }, false)).toEqual({
      error: expect.stringMatching(/^minPrice \(300\) is more than maxPrice \(100\)/),
    });
  });

  it('orders by distance for "perto de mim" only with coordinates, and says why not without', () => {
    expect(resultFilters({ query: 'farmácia perto de mim' }, true)).toMatchObject({ sort: { value: 'distance', source: 'query' } });
    const without = resultFilters({ query: 'farmácia perto de mim' }, false);
    expect(without).toMatchObject({
      sort: { value: 'relevance', source: 'default' },
      notes: [expect.stringMatching(/latitude and longitude/)],
    });
  });
});

describe('price filters as runs of ordinals', () => {
  it('reads a range as the ordinals of the products priced within it', () => {
    // R$ 120 to R$ 600: from the 11th product (R$ 200,00) to the 20th (R$ 290,00), none up to R$ 600 after.
    expect(priceFilterOf(reader, { min: 120, max: 600, source: 'arguments' }, false)).toEqual({ ordinals: { first: 11, last: 20 } });
    expect(priceFilterOf(reader, { min: 14, max: 14, source: 'arguments' }, false)).toEqual({ ordinals: { first: 5, last: 5 } });
  });

  it('needs no filter for a range that covers every price, unless prices order the results', () => {
    expect(priceFilterOf(reader, { min: 0, max: null, source: 'arguments' }, false)).toBeNull();
    expect(priceFilterOf(reader, null, false)).toBeNull();
    expect(priceFilterOf(reader, null, true)).toEqual({ ordinals: { first: 1, last: 30 } });
  });

  it('says when no product can be in the range', () => {
    expect(priceFilterOf(reader, { min: null, max: 5, source: 'query' }, false)).toBe('none');
    expect(priceFilterOf(reader, { min: 5000, max: null, source: 'query' }, true)).toBe('none');
    expect(priceFilterOf(reader, { min: 14.5, max: 14.9, source: 'query' }, false)).toBe('none');
  });
});
