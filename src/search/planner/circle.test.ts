import { describe, expect, it } from 'vitest';
import { type Box, merchantsInCircle, ringRectangles, storeCounts } from './circle.ts';

describe('a circle’s stores', () => {
  it('counts every store, or only those of the named place the circle is the centre of', () => {
    const circle = { latitude: 0, longitude: 0, radiusKm: 5 };
    expect(storeCounts(circle, 1, 10)).toBe(true);
    expect(storeCounts({ ...circle, storesIn: { cityId: 1 } }, 1, 10)).toBe(true);
    expect(storeCounts({ ...circle, storesIn: { cityId: 2 } }, 1, 10)).toBe(false);
    expect(storeCounts({ ...circle, storesIn: { districtId: 10 } }, 1, 10)).toBe(true);
  });

  it('reads a ring as the new box minus the previous one, in rectangles that do not overlap', () => {
    const outer: Box = [-2, 2, -2, 2];
    const inner: Box = [-1, 1, -1, 1];
    expect(ringRectangles(outer, null)).toEqual([outer]);
    const rings = ringRectangles(outer, inner);
    expect(rings).toHaveLength(4);
    // A point of the inner box is in none of them; one in the ring, in exactly one.
    const inside = (box: Box, lat: number, lon: number) => lat >= box[0] && lat <= box[1] && lon >= box[2] && lon <= box[3];
    expect(rings.filter((r) => inside(r, 0, 0))).toHaveLength(0);
    for (const [lat, lon] of [
      [1.5, 0],
      [-1.5, 1.5],
      [0, -1.5],
      [0, 1.5],
    ] as const) {
      expect(
        rings.filter((r) => inside(r, lat, lon)),
        `${lat}, ${lon}`,
      ).toHaveLength(1);
    }
  });

  it('keeps each merchant’s nearest store within the radius, from the store index', () => {
    const stores: [number, number, number, number, number, number][] = [
      [1, 7, 0.01, 0, 1, 10],
      [2, 7, 0.001, 0, 1, 10],
      [3, 8, 0.3, 0, 1, 11],
    ];
    const reader = { storePointsInBox: () => stores };
    const circle = { latitude: 0, longitude: 0, radiusKm: 5 };
    const nearest = merchantsInCircle(reader as never, circle);
    expect([...nearest.keys()]).toEqual([7]);
    expect(nearest.get(7)!.storeId).toBe(2);
  });
});
