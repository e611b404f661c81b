import { z } from 'zod';
import { IdSchema } from './ids.ts';

/*
 * The catalog export format: one zod schema per record kind. The snapshot build validates every
 * NDJSON line against these, and the README documents them. Strict objects: an unknown field is an
 * error in the export, not something to silently drop.
 */

/** Text from merchants: trimmed, non-empty, no control characters (they can break documents). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), {
      message: 'must not contain control characters',
    });

const isoDateTime = z.iso.datetime({ offset: true });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug (a-z, 0-9, hyphens)').max(160);

export const MerchantRecordSchema = z.strictObject({
  id: IdSchema,
  name: text(200),
  slug,
});

export const StoreRecordSchema = z.strictObject({
  id: IdSchema,
  merchantId: IdSchema,
  name: text(200),
  address: text(300),
  district: text(120),
  city: text(120),
  state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code (UF)'),
  postalCode: z.string().regex(/^\d{5}-\d{3}$/, 'must be a CEP like 01310-100'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const ProductRecordSchema = z.strictObject({
  id: IdSchema,
  merchantId: IdSchema,
  title: text(300),
  description: text(5000),
  category: text(120),
  brand: text(120),
  /** Price in integer centavos (R$ 1.299,90 is 129990). */
  priceCents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  slug,
  imageUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** When the product was published; null keeps it out of discovery (a draft). */
  publishedAt: isoDateTime.nullable(),
  updatedAt: isoDateTime,
});

const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const EngagementRecordSchema = z.strictObject({
  productId: IdSchema,
  views: counter,
  likes: counter,
  dislikes: counter,
});

export type MerchantRecord = z.infer<typeof MerchantRecordSchema>;
export type StoreRecord = z.infer<typeof StoreRecordSchema>;
export type ProductRecord = z.infer<typeof ProductRecordSchema>;
export type EngagementRecord = z.infer<typeof EngagementRecordSchema>;

/** The export's files, in the order the build reads them (references point backwards). */
export const EXPORT_FILES = [
  { kind: 'merchants', schema: MerchantRecordSchema },
  { kind: 'stores', schema: StoreRecordSchema },
  { kind: 'products', schema: ProductRecordSchema },
  { kind: 'engagement', schema: EngagementRecordSchema },
] as const;
export type ExportKind = (typeof EXPORT_FILES)[number]['kind'];
