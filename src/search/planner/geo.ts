const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude/longitude box that contains the circle (for the R-tree; exact distances follow). */
export function boundingBox(lat: number, lon: number, radiusKm: number): [minLat: number, maxLat: number, minLon: number, maxLon: number] {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cosLat = Math.cos(rad(lat));
  // Near the poles the box spans every longitude.
  const dLon = cosLat < 1e-6 ? 180 : Math.min(180, dLat / cosLat);
  return [lat - dLat, lat + dLat, lon - dLon, lon + dLon];
}

/** Distances as the tools print them: metres' precision is plenty. */
export const roundKm = (km: number) => Math.round(km * 1000) / 1000;
