import type { StoreRow } from '../../catalog/discovery-reader.ts';
import type { Store } from '../../domain/store.ts';

/** A store as the tools show it (without the snapshot's internal place ids). */
export const storeView = (s: StoreRow): Store => ({
  id: s.id,
  name: s.name,
  address: s.address,
  district: s.district,
  city: s.city,
  state: s.state,
  postalCode: s.postalCode,
  latitude: s.latitude,
  longitude: s.longitude,
});
