import { z } from 'zod';
import { AvailabilitySchema, OfferSchema } from '../../catalog-read/offer.ts';
import { PriceSchema } from '../../catalog-read/price.ts';
import { StoreSchema } from '../../catalog-read/store.ts';
import { PriceCheckSchema } from '../../price-history/price-history-schema.ts';

/**
 * How a result matched the query's words, best first: every word in the title; every word in what
 * names the product (title, category, brand); every word somewhere in its text, the description
 * too; only some of the words (the others were left out: filters.droppedTerms). Null when no
 * words were searched (a listing, similarTo). An agent that wants only full matches keeps the first three.
 */
export const MatchSchema = z
  .enum(['all_words_in_title', 'all_words_in_name', 'all_words_in_text', 'some_words'])
  .nullable()
  .describe(
    'How it matched the words: all_words_in_title; all_words_in_name (title, category or brand); all_words_in_text (the description too); some_words (filters.droppedTerms were left out). Null when no words were searched',
  );
export type Match = z.infer<typeof MatchSchema>;

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
  priceCheck: PriceCheckSchema,
  imageUrl: z.string().describe("The product's image, as the merchant gave it"),
  url: z.string().describe('Canonical product page'),
  match: MatchSchema,
});

export type SearchResult = z.infer<typeof SearchResultSchema>;
