import { describe, expect, it } from 'vitest';
import { API_PATHS, idSegmentOf, isProductPath, statsPathOf } from './stats-path.ts';

describe('the statistics paths', () => {
  it('are parsed into a kind and an id segment', () => {
    const product = statsPathOf('/api/public/v1/products/42/stats')!;
    expect([isProductPath(product), idSegmentOf(product)]).toEqual([true, '42']);
    const merchant = statsPathOf('/api/public/v1/merchants/%31/stats')!;
    expect([isProductPath(merchant), idSegmentOf(merchant)]).toEqual([false, '%31']);
    expect(idSegmentOf(statsPathOf('/api/public/v1/products//stats')!)).toBe('');
    for (const other of ['/api/public/v1/products/1/stats/', '/api/public/v1/stores/1/stats', '/api', '/api/public/v1/products/1/2/stats'])
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
