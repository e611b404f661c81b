import { expect, it } from 'vitest';
import { NewestProducts } from './newest-products.ts';

it('keeps the newest by time, whatever the offset it is written with, then the higher id', () => {
  const newest = new NewestProducts(3);
  newest.offer(1, '2025-01-01T12:00:00Z');
  // 09:30 in Brasília is 12:30 UTC: newer than product 1, though its text sorts before.
  newest.offer(2, '2025-01-01T09:30:00-03:00');
  newest.offer(3, '2024-12-31T23:00:00Z');
  newest.offer(4, '2025-01-01T12:00:00.000+00:00');
  newest.offer(5, '2020-01-01T00:00:00Z');
  expect(newest.ids()).toEqual([2, 4, 1]);
});

it('matches a full sort on many products', () => {
  const newest = new NewestProducts(20);
  const all: [number, number][] = [];
  for (let id = 1; id <= 5000; id++) {
    const time = Date.UTC(2025, 0, 1) + ((id * 7919) % 1000) * 60_000;
    all.push([id, time]);
    newest.offer(id, new Date(time).toISOString());
  }
  const expected = all
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, 20)
    .map(([id]) => id);
  expect(newest.ids()).toEqual(expected);
});
