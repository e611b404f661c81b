import type { SearchReader } from '../index-read/search-reader.ts';
import { boundingBox, distanceKm } from './geo.ts';

/*
 * A circle's stores: which merchants are in it and how near, from the store index or a
 * merchant's own stores. What the circle plans (circle-plans.ts) and the ordered plans place
 * matches by.
 */

/**
 * A circle to search: around the shopper's coordinates, or around a named place's centre when
 * results are ordered by distance there (then only the stores in that city or district count).
 */
export interface Circle {
  latitude: number;
  longitude: number;
  radiusKm: number;
  storesIn?: { cityId: number } | { districtId: number };
}

/** Whether a store (its city and district) may put a product in the circle's place. */
export function storeCounts(circle: Circle, cityId: number, districtId: number): boolean {
  const only = circle.storesIn;
  if (only === undefined) return true;
  return 'cityId' in only ? only.cityId === cityId : only.districtId === districtId;
}

export type NearestStores = Map<number, { distanceKm: number; storeId: number }>;

/** Each merchant's nearest store within the circle, from the merchants' own store lists. */
export function nearestStoresOf(reader: SearchReader, merchantIds: Iterable<number>, circle: Circle): NearestStores {
  const nearest: NearestStores = new Map();
  for (const merchantId of merchantIds) {
    for (const [storeId, sLat, sLon, cityId, districtId] of reader.storePointsOfMerchant(merchantId)) {
      if (!storeCounts(circle, cityId, districtId)) continue;
      const d = distanceKm(circle.latitude, circle.longitude, sLat, sLon);
      const best = nearest.get(merchantId);
      if (d <= circle.radiusKm && (best === undefined || d < best.distanceKm)) nearest.set(merchantId, { distanceKm: d, storeId });
    }
  }
  return nearest;
}

/** Every merchant with a store in the circle, with its nearest: one read of the store index. */
export function merchantsInCircle(reader: SearchReader, circle: Circle): NearestStores {
  const nearest: NearestStores = new Map();
  const [minLat, maxLat, minLon, maxLon] = boundingBox(circle.latitude, circle.longitude, circle.radiusKm);
  for (const [storeId, merchantId, sLat, sLon, cityId, districtId] of reader.storePointsInBox(minLat, maxLat, minLon, maxLon)) {
    if (!storeCounts(circle, cityId, districtId)) continue;
    const d = distanceKm(circle.latitude, circle.longitude, sLat, sLon);
    const best = nearest.get(merchantId);
    if (d <= circle.radiusKm && (best === undefined || d < best.distanceKm)) nearest.set(merchantId, { distanceKm: d, storeId });
  }
  return nearest;
}

export type Box = ReturnType<typeof boundingBox>;

/** The part of `outer` outside `inner` (which it contains), as non-overlapping rectangles. */
export function ringRectangles(outer: Box, inner: Box | null): Box[] {
  if (inner === null) return [outer];
  const [oMinLat, oMaxLat, oMinLon, oMaxLon] = outer;
  const [iMinLat, iMaxLat, iMinLon, iMaxLon] = inner;
  // R-tree bounds are inclusive: the inner edges are nudged so no store is read twice.
  const eps = 1e-9;
  return [
    [oMinLat, iMinLat - eps, oMinLon, oMaxLon],
    [iMaxLat + eps, oMaxLat, oMinLon, oMaxLon],
    [iMinLat, iMaxLat, oMinLon, iMinLon - eps],
    [iMinLat, iMaxLat, iMaxLon + eps, oMaxLon],
  ];
}
