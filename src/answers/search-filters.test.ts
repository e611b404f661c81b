import { describe, expect, it } from 'vitest';
import type { DiscoveryReader } from '../catalog/discovery-reader.ts';
import { priceFilterOf, resultFilters } from './search-filters.ts';

const bands = [
  { band: 0, minCents: 1000, maxCents: 9990, productsCount: 10 },
  { band: 1, minCents: 10000, maxCents: 49990, productsCount: 10 },
  { band: 2, minCents: 50000, maxCents: 300000, productsCount: 10 },
];
const reader = { priceBands: bands } as unknown as DiscoveryReader;

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

describe('price filters as bands', () => {
  it('reads a range as the bands it touches, with the exact bounds in cents', () => {
    expect(priceFilterOf(reader, { min: 120, max: 600, source: 'arguments' }, false)).toEqual({
      cents: { min: 12000, max: 60000 },
      bands: [
        { token: 'p1', products: 10 },
        { token: 'p2', products: 10 },
      ],
    });
  });

  it('needs no filter for a range that covers every price, unless prices order the results', () => {
    expect(priceFilterOf(reader, { min: 0, max: null, source: 'arguments' }, false)).toBeNull();
    expect(priceFilterOf(reader, null, false)).toBeNull();
    expect(priceFilterOf(reader, null, true)).toEqual({ cents: { min: 0, max: Number.MAX_SAFE_INTEGER }, bands: [] });
  });

  it('says when no product can be in the range', () => {
    expect(priceFilterOf(reader, { min: null, max: 5, source: 'query' }, false)).toBe('none');
    expect(priceFilterOf(reader, { min: 5000, max: null, source: 'query' }, true)).toBe('none');
  });
});
