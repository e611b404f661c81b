import { z } from 'zod';
import { IdSchema } from '../catalog-read/ids.ts';
import { OFFER_SHAPE, type OfferFacts, type OfferField } from './offer-facts.ts';

/*
 * The catalog export format: one zod schema per record kind. The snapshot build validates every
 * NDJSON line against these, and docs/operations.md documents them. Strict objects: an unknown field is an
 * error in the export, not something to silently drop.
 */

/**
 * Not text: C0 and C1 control characters other than tab, line feed and carriage return, DEL,
 * unpaired surrogates and the noncharacters U+FFFE and U+FFFF. XML 1.0 refuses most of them and
 * none can be shown; merchant text is data, so they are dropped rather than failing the build.
 */
const NOT_TEXT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/*
 * Most merchant text is already clean, and the rewrites below are a large share of a product's
 * validation (docs/benchmarks.md, "The build"): one test first says whether a rewrite could
 * change anything at all (any control, surrogate or noncharacter; for one line also white space
 * other than single inner spaces).
 */
const LINE_NEEDS_REWRITE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]|[^\S ]|^ | $| {2}/;
const PARAGRAPHS_NEED_REWRITE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]|^\s|\s$/;

/** Text from merchants on one line (names, titles, places): any run of white space is one space. */
export const cleanLine = (s: string): string => (LINE_NEEDS_REWRITE.test(s) ? s.replace(NOT_TEXT, '').replace(/\s+/g, ' ').trim() : s);

/** Longer merchant text (descriptions): paragraphs kept, line ends normalised to "\n". */
export const cleanParagraphs = (s: string): string =>
  PARAGRAPHS_NEED_REWRITE.test(s) ? s.replace(NOT_TEXT, '').replace(/\r\n?/g, '\n').trim() : s;

const line = (max: number) => z.string().overwrite(cleanLine).min(1).max(max);
const paragraphs = (max: number) => z.string().overwrite(cleanParagraphs).min(1).max(max);

const isoDateTime = z.iso.datetime({ offset: true });
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug (a-z, 0-9, hyphens)')
  .max(160);

export const MerchantRecordSchema = z.strictObject({
  id: IdSchema,
  name: line(200),
  slug,
});

export const StoreRecordSchema = z.strictObject({
  id: IdSchema,
  merchantId: IdSchema,
  name: line(200),
  address: line(300),
  district: line(120),
  city: line(120),
  state: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code (UF)'),
  postalCode: z.string().regex(/^\d{5}-\d{3}$/, 'must be a CEP like 01310-100'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const ProductRecordSchema = z.strictObject({
  id: IdSchema,
  merchantId: IdSchema,
  title: line(300),
  description: paragraphs(5000),
  category: line(120),
  brand: line(120),
  /** Price in integer centavos (R$ 1.299,90 is 129990). */
  priceCents: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  slug,
  imageUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** When the product was published; null keeps it out of discovery (a draft). */
  publishedAt: isoDateTime.nullable(),
  updatedAt: isoDateTime,
  /** The offer's facts: optional, and a bad value is dropped alone (offer-facts.ts, readOfferFacts). */
  ...OFFER_SHAPE,
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
/** A product as the build loads it: its offer facts checked (readOfferFacts), each valid or absent. */
export type ProductRecord = Omit<z.infer<typeof ProductRecordSchema>, OfferField> & OfferFacts;
/** A product line as an export writes it: a field with a default may be left out. */
export type ProductLine = z.input<typeof ProductRecordSchema>;
export type EngagementRecord = z.infer<typeof EngagementRecordSchema>;

/** The export's files, in the order the build reads them (references point backwards). */
export const EXPORT_FILES = [
  { kind: 'merchants', schema: MerchantRecordSchema },
  { kind: 'stores', schema: StoreRecordSchema },
  { kind: 'products', schema: ProductRecordSchema },
  { kind: 'engagement', schema: EngagementRecordSchema },
] as const;
export type ExportKind = (typeof EXPORT_FILES)[number]['kind'];
