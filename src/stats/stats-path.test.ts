import { describe, expect, it } from 'vitest';
import { API_PATHS, idSegmentOf, kindOf, statsPathOf, templateOf } from './stats-path.ts';

describe('the statistics paths', () => {
  it('are parsed into a kind and an id segment', () => {
    const product = statsPathOf('/api/public/v1/products/42/stats')!;
    expect([kindOf(product), idSegmentOf(product)]).toEqual(['product', '42']);
    const merchant = statsPathOf('/api/public/v1/merchants/%31/stats')!;
    expect([kindOf(merchant), idSegmentOf(merchant)]).toEqual(['merchant', '%31']);
    const history = statsPathOf('/api/public/v1/products/7/price-history')!;
    expect([kindOf(history), idSegmentOf(history), templateOf(history)]).toEqual([
      'priceHistory',
      '7',
      '/api/public/v1/products/{productId}/price-history',
    ]);
    expect(idSegmentOf(statsPathOf('/api/public/v1/products//stats')!)).toBe('');
    for (const other of [
      '/api/public/v1/products/1/stats/',
      '/api/public/v1/stores/1/stats',
      '/api',
      '/api/public/v1/products/1/2/stats',
      '/api/public/v1/merchants/1/price-history',
    ])
      expect(statsPathOf(other), other).toBeNull();
  });

  it('are parsed again for another path, never taken from the last one', () => {
    const first = statsPathOf('/api/public/v1/products/1/stats');
    expect(statsPathOf('/api/public/v1/products/1/stats')).toBe(first);
    expect(idSegmentOf(statsPathOf('/api/public/v1/merchants/2/stats')!)).toBe('2');
    expect(statsPathOf('/api/x')).toBeNull();
  });

  it('leave everything under the prefix to the route', () => {
    expect(['/api', '/api/', '/api/x', '/apix', '/'].map(API_PATHS.match)).toEqual([true, true, true, false, false]);
  });
});
