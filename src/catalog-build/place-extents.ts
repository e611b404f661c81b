import type { Database } from 'better-sqlite3';
import { distanceKm } from '../search/planner/geo.ts';
import type { Facet } from './facet-table.ts';

/* Where a city or district lies: the mean point of its stores, and the distance to the farthest. */

export const centreOf = (place: Facet): [number, number] =>
  place.stores === 0 ? [0, 0] : [place.latitudes / place.stores, place.longitudes / place.stores];

/** Each city's and district's radius: from its centre to its farthest store (one pass over the stores). */
export function placeRadii(db: Database, cities: Map<number, Facet>, districts: Map<number, Facet>) {
  const radii = { cities: new Map<number, number>(), districts: new Map<number, number>() };
  const stores = db.prepare('SELECT city_id, district_id, latitude, longitude FROM stores').raw(true);
  for (const [cityId, districtId, lat, lon] of stores.iterate() as Iterable<[number, number, number, number]>) {
    for (const [places, byId, id] of [
      [radii.cities, cities, cityId],
      [radii.districts, districts, districtId],
    ] as const) {
      const [cLat, cLon] = centreOf(byId.get(id)!);
      places.set(id, Math.max(places.get(id) ?? 0, distanceKm(cLat, cLon, lat, lon)));
    }
  }
  return radii;
}
