import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import { type Store, storeView } from '../catalog-read/store.ts';
import { distanceKm, roundKm } from '../search/planner/geo.ts';
import type { Place } from '../search/planner/place.ts';

/**
 * A merchant's store nearest a place, as an answer shows it: nearest the coordinates (with its
 * distance, within any radius: an offer is worth knowing of even far away), or in the district,
 * else in its city; null when the merchant has no store there.
 */
export function nearestStore(catalog: CatalogReader, merchantId: number, place: Place): (Store & { distanceKm?: number }) | null {
  const stores = catalog.discovery.storesOfMerchant(merchantId);
  switch (place.kind) {
    case 'unresolved':
      return null;
    case 'coordinates': {
      let best: { store: (typeof stores)[number]; km: number } | null = null;
      for (const store of stores) {
        const km = distanceKm(place.latitude, place.longitude, store.latitude, store.longitude);
        if (best === null || km < best.km) best = { store, km };
      }
      return best === null ? null : { ...storeView(best.store), distanceKm: roundKm(best.km) };
    }
    case 'district': {
      const store = stores.find((s) => s.districtId === place.district.id) ?? stores.find((s) => s.cityId === place.city.id);
      return store === undefined ? null : storeView(store);
    }
    default: {
      const store = stores.find((s) => s.cityId === place.city.id);
      return store === undefined ? null : storeView(store);
    }
  }
}
