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

/**
 * The fields as the product schema takes them: anything, checked after (readOfferFacts). zod's
 * catch on each field and a transform on the record tripled a product's validation at a million
 * products (docs/benchmarks.md, "The build"): the common, valid case is checked by hand here,
 * and zod only words why a value was dropped.
 */
export const OFFER_SHAPE = Object.fromEntries(OFFER_FIELD_NAMES.map((field) => [field, z.unknown().optional()])) as {
  [F in OfferField]: z.ZodOptional<z.ZodUnknown>;
};

const AVAILABLE = new Set<unknown>(AVAILABILITIES);
const CONDITION_SET = new Set<unknown>(CONDITIONS);
const isCents = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The valid case of each field, by hand (OFFER_FIELDS states the same rules for the messages). */
const VALID: { [F in OfferField]: (value: unknown) => boolean } = {
  availability: (v) => AVAILABLE.has(v),
  listPriceCents: isCents,
  pixPriceCents: isCents,
  installments: (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    const { count, interestFree, ...rest } = v as Record<string, unknown>;
    return (
      Number.isInteger(count) &&
      (count as number) >= 1 &&
      (count as number) <= MAX_INSTALLMENTS &&
      typeof interestFree === 'boolean' &&
      Object.keys(rest).length === 0
    );
  },
  condition: (v) => CONDITION_SET.has(v),
  gtin: (v) => typeof v === 'string' && GTIN_DIGITS.test(v) && validGtin(v),
};

export type OfferFacts = { [F in OfferField]?: z.infer<(typeof OFFER_FIELDS)[F]> | undefined };

const issueText = (issue: z.core.$ZodIssue | undefined) =>
  issue === undefined ? 'invalid' : issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;

/**
 * Checks a parsed product's offer facts in place: a value a rule refuses (its own, or against
 * priceCents: a list price above it, a Pix price at or below it) is removed, and returned with
 * why; `null` is read as absent.
 */
export function readOfferFacts(record: Record<string, unknown> & { priceCents: number }): { field: OfferField; message: string }[] {
  const dropped: { field: OfferField; message: string }[] = [];
  const drop = (field: OfferField, message: string) => {
    record[field] = undefined;
    dropped.push({ field, message });
  };
  const { priceCents } = record;
  // In the fields' order, each against its own rule, then the prices against priceCents.
  for (const field of OFFER_FIELD_NAMES) {
    const value = record[field];
    if (value === undefined) continue;
    if (value === null) record[field] = undefined;
    else if (!VALID[field](value)) drop(field, `dropped: ${issueText(OFFER_FIELDS[field].safeParse(value).error?.issues[0])}`);
    else if (field === 'listPriceCents' && (value as number) <= priceCents)
      drop(field, `dropped: ${value} is not above priceCents (${priceCents})`);
    else if (field === 'pixPriceCents' && (value as number) > priceCents)
      drop(field, `dropped: ${value} is above priceCents (${priceCents})`);
  }
  return dropped;
}
