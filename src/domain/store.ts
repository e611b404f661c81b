import { z } from 'zod';

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

export const CatalogStampSchema = {
  catalogVersion: z.string().describe('Version of the catalog snapshot this answer comes from'),
  generatedAt: z.string().describe('When that snapshot was generated (ISO 8601)'),
};
