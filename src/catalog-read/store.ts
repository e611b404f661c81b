import { z } from 'zod';
import type { StoreRow } from './discovery-reader.ts';

/** A merchant's physical store: where its products are, for discovery. */
export const StoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string().describe('Two-letter state code (UF)'),
  postalCode: z.string().describe('CEP'),
  latitude: z.number(),
  longitude: z.number(),
});
export type Store = z.infer<typeof StoreSchema>;

/** A store as the answers show it (without the snapshot's internal place ids). */
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
