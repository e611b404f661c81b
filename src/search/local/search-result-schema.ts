import { z } from 'zod';
import { AvailabilitySchema, OfferSchema } from '../../catalog-read/offer.ts';
import { PriceSchema } from '../../catalog-read/price.ts';
import { StoreSchema } from '../../catalog-read/store.ts';

/**
 * One product of a search_local_products answer. Apart from the answer's schema (which reads the
 * cursor's and filters' modules, Node code) so that the product cards' view, bundled for the
 * browser, reads results with this same schema (src/mcp-app/card-model.ts).
 */
export const SearchResultSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  price: PriceSchema,
  category: z.string(),
  brand: z.string(),
  merchant: z.object({ id: z.number().int(), name: z.string() }),
  store: StoreSchema.extend({
    distanceKm: z.number().optional().describe("Distance from the given coordinates to this store, the merchant's nearest"),
  }).describe('The store that puts the product in the place searched'),
  availability: AvailabilitySchema,
  offer: OfferSchema.describe('What a shopper compares beside the price: list and Pix prices, installments, condition, GTIN'),
  imageUrl: z.string().describe("The product's image, as the merchant gave it"),
  url: z.string().describe('Canonical product page'),
});

export type SearchResult = z.infer<typeof SearchResultSchema>;
