import { z } from 'zod';
import { CatalogStampSchema } from '../catalog-read/catalog-stamp.ts';
import { IdSchema, MAX_ID } from '../catalog-read/ids.ts';
import { PriceSchema } from '../catalog-read/price.ts';
import { NEWEST_PRODUCTS_KEPT } from '../catalog-read/snapshot-schema.ts';

/** GET /gpt/products.json?limit=N: not paginated, at most 20 products (the snapshot keeps that many). */
export const SHOWCASE_DEFAULT_LIMIT = 10;
export const SHOWCASE_MAX_LIMIT = NEWEST_PRODUCTS_KEPT;

export const ShowcaseProductSchema = z.object({
  id: IdSchema,
  title: z.string(),
  price: PriceSchema,
  category: z.object({ name: z.string(), slug: z.string() }),
  merchant: z.object({ id: IdSchema, name: z.string() }),
  city: z
    .object({ name: z.string(), state: z.string() })
    .nullable()
    .describe('Where the merchant has most stores; products are available where their merchant has stores'),
  url: z.string().describe('Canonical product page'),
  publishedAt: z.string().describe('When the product was published (ISO 8601)'),
});
export type ShowcaseProduct = z.infer<typeof ShowcaseProductSchema>;

export const ShowcaseSchema = z.object({
  ...CatalogStampSchema,
  limit: z.object({
    requested: z.number().int().min(1).max(MAX_ID).nullable().describe('The limit asked for, exactly; null when none was given'),
    applied: z.number().int().min(1).max(SHOWCASE_MAX_LIMIT),
    default: z.literal(SHOWCASE_DEFAULT_LIMIT),
    max: z.literal(SHOWCASE_MAX_LIMIT),
    clamped: z.boolean().describe(`True when the limit asked for was above ${SHOWCASE_MAX_LIMIT}`),
  }),
  message: z.string(),
  count: z.number().int().min(0),
  products: z.array(ShowcaseProductSchema).max(SHOWCASE_MAX_LIMIT).describe('Newest published first'),
  usagePolicy: z.string(),
});
export type Showcase = z.infer<typeof ShowcaseSchema>;
