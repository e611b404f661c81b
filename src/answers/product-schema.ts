import { z } from 'zod';
import { CatalogStampSchema } from '../catalog-read/catalog-stamp.ts';
import { AvailabilitySchema, OfferSchema } from '../catalog-read/offer.ts';
import { PriceSchema } from '../catalog-read/price.ts';
import { StoreSchema } from '../catalog-read/store.ts';
import { DiscountCheckSchema, PriceHistorySchema } from '../price-history/price-history-schema.ts';

/** Other offers of the same GTIN a product's answer lists, cheapest first. */
export const OTHER_OFFERS_SHOWN = 5;

export const ProductDetailSchema = z.object({
  ...CatalogStampSchema,
  product: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    category: z.object({ name: z.string(), slug: z.string() }),
    brand: z.string(),
    price: PriceSchema,
    availability: AvailabilitySchema,
    offer: OfferSchema.describe('What a shopper compares beside the price: list and Pix prices, installments, condition, GTIN'),
    priceHistory: PriceHistorySchema,
    discountCheck: DiscountCheckSchema,
    imageUrl: z.string(),
    publishedAt: z.string(),
    updatedAt: z.string(),
    url: z.string().describe('Canonical product page'),
    engagement: z
      .object({ viewsCount: z.number().int(), likesCount: z.number().int(), dislikesCount: z.number().int() })
      .nullable()
      .describe('Views, likes and dislikes; null when withheld by the enumeration guard (engagementWithheld says why)'),
    engagementWithheld: z
      .string()
      .optional()
      .describe(
        'Present when the counters are withheld: why (the enumeration guard: too many distinct products this window) and when they are shown again',
      ),
    merchant: z.object({
      id: z.number().int(),
      name: z.string(),
      stores: z.array(StoreSchema).describe("Every store of the merchant: the product's geography"),
    }),
  }),
  otherOffers: z
    .object({
      total: z.number().int().min(0).describe('How many other published products share its GTIN'),
      offers: z
        .array(
          z.object({
            productId: z.number().int(),
            title: z.string(),
            merchant: z.object({ id: z.number().int(), name: z.string() }),
            price: PriceSchema,
            availability: AvailabilitySchema,
            url: z.string().describe('Canonical product page'),
            store: StoreSchema.extend({ distanceKm: z.number().optional().describe('From the coordinates given') })
              .nullable()
              .optional()
              .describe(
                "When a place is given: the merchant's store nearest it (in the district, else the city; nearest the coordinates); null: none there",
              ),
          }),
        )
        .max(OTHER_OFFERS_SHOWN)
        .describe(`The cheapest first, at most ${OTHER_OFFERS_SHOWN}`),
      place: z.string().optional().describe('The place the stores are of, in words (or why none could be read), when one is given'),
    })
    .describe('The same product (the same GTIN) at other merchants; none when it has no GTIN'),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
