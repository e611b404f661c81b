import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('a bounded cache', () => {
  it('keeps at most its number of entries, forgetting the oldest first', () => {
    const cache = new BoundedCache<number, string>(3);
    for (let i = 1; i <= 5; i++) cache.set(i, `v${i}`);
    expect([...cache.entries()].map(([k]) => k)).toEqual([3, 4, 5]);
    // Setting a key again makes it the newest.
    cache.set(3, 'again');
    cache.set(6, 'v6');
    expect([...cache.entries()].map(([k]) => k)).toEqual([5, 3, 6]);
  });

  it('with a weight, keeps at most its total weight, and never an entry heavier than it', () => {
    const cache = new BoundedCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    expect(cache.size).toBe(8);
    cache.set('c', 'xxx');
    expect([...cache.entries()].map(([k]) => k)).toEqual(['b', 'c']);
    expect(cache.size).toBe(7);
    cache.set('b', 'x');
    expect(cache.size).toBe(4);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(4);
    cache.deleteWhere((value) => value === 'x');
    expect(cache.size).toBe(3);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
