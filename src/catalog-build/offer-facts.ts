import { isValid as validGtin } from 'gtin';
import { z } from 'zod';

/*
 * The offer's facts a Brazilian shopper compares (docs/operations.md, "Offer facts"): optional
 * fields of a product record. Unlike the rest of the record, a bad value here never rejects the
 * export or the product: the build drops that value alone and reports it (which product, which
 * field, why) beside the counts, and the product keeps today's behaviour for it.
 */

export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
export const CONDITIONS = ['new', 'refurbished', 'used'] as const;
export const MAX_INSTALLMENTS = 24;

const GTIN_DIGITS = /^(\d{8}|\d{12,14})$/;
const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Each field's own rule; the rules between fields (against priceCents) are checkedAgainstPrice's. */
export const OFFER_FIELDS = {
  availability: z.enum(AVAILABILITIES),
  /** The price before a discount: above priceCents. */
  listPriceCents: cents,
  /** The price paid by Pix: at or below priceCents. */
  pixPriceCents: cents,
  installments: z.strictObject({ count: z.number().int().min(1).max(MAX_INSTALLMENTS), interestFree: z.boolean() }),
  condition: z.enum(CONDITIONS),
  /** GTIN-8, -12, -13 or -14, its check digit valid (the `gtin` package checks it). */
  gtin: z
    .string()
    .regex(GTIN_DIGITS, 'must be 8, 12, 13 or 14 digits')
    // The regex's failure does not stop the refinement: the library throws on what is not digits.
    .refine((digits) => !GTIN_DIGITS.test(digits) || validGtin(digits), 'has a wrong check digit'),
};
export type OfferField = keyof typeof OFFER_FIELDS;
export const OFFER_FIELD_NAMES = Object.keys(OFFER_FIELDS) as OfferField[];

/** The fields as the product schema takes them: a value a rule refuses is read as absent (null too). */
export const OFFER_SHAPE = Object.fromEntries(
  OFFER_FIELD_NAMES.map((field) => [field, (OFFER_FIELDS[field] as z.ZodType).nullish().catch(undefined)]),
) as { [F in OfferField]: z.ZodCatch<z.ZodOptional<z.ZodNullable<(typeof OFFER_FIELDS)[F]>>> };

export type OfferFacts = { [F in OfferField]?: z.infer<(typeof OFFER_FIELDS)[F]> | null | undefined };

/** The rules against the price: a list price above it, a Pix price at or below it; the facts that break one, dropped. */
export function checkedAgainstPrice<R extends OfferFacts & { priceCents: number }>(record: R): R {
  const { listPriceCents, pixPriceCents, priceCents } = record;
  if (listPriceCents != null && listPriceCents <= priceCents) record.listPriceCents = undefined;
  if (pixPriceCents != null && pixPriceCents > priceCents) record.pixPriceCents = undefined;
  return record;
}

const issueText = (issue: z.core.$ZodIssue | undefined) =>
  issue === undefined ? 'invalid' : issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;

/** The values the export gave that the record no longer has, each with why. */
export function droppedValues(
  raw: Record<string, unknown>,
  record: OfferFacts & { priceCents: number },
): { field: OfferField; message: string }[] {
  const dropped: { field: OfferField; message: string }[] = [];
  for (const field of OFFER_FIELD_NAMES) {
    if (raw[field] == null || record[field] != null) continue;
    const own = OFFER_FIELDS[field].safeParse(raw[field]);
    const message = own.success
      ? field === 'listPriceCents'
        ? `dropped: ${raw[field]} is not above priceCents (${record.priceCents})`
        : `dropped: ${raw[field]} is above priceCents (${record.priceCents})`
      : `dropped: ${issueText(own.error.issues[0])}`;
    dropped.push({ field, message });
  }
  return dropped;
}
