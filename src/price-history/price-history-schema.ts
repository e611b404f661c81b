import { z } from 'zod';
import { IdSchema } from '../catalog-read/ids.ts';
import { AvailabilitySchema } from '../catalog-read/offer.ts';
import { PriceSchema, priceOf } from '../catalog-read/price.ts';
import type { ChargedPrice, PriceFigures } from './price-figures.ts';
import type { PricePoint } from './price-series.ts';

/*
 * The price history as the faces show it (get_product today; docs/price-history.md), from the
 * figures the build derived (price-figures.ts): prices in the tools' form (PriceSchema).
 */

const date = z.string().describe('A date of the catalog (YYYY-MM-DD, São Paulo)');
const ChargedSchema = z
  .object({ price: PriceSchema, date: date.describe('The last day in the window it was charged') })
  .nullable()
  .describe('Null: no day in the window was charged (out of stock throughout)');

export const DiscountCheckSchema = z
  .object({
    verdict: z
      .enum(['confirmed', 'not_lower_than_30_days', 'unchanged', 'history_too_short'])
      .describe(
        'confirmed: the current price is below the lowest charged in the 30 days before it began (a real discount); ' +
          'not_lower_than_30_days: it is not, whatever list price is announced; unchanged: the price has not changed in a history of 30 days or more; ' +
          'history_too_short: fewer than 30 days are known before the current price began',
      ),
    referencePrice: PriceSchema.nullable().describe(
      'The lowest price charged in the 30 days before the current price began (the reference of the EU Omnibus rule, Directive 98/6/EC art. 6a)',
    ),
    realDiscountPercent: z.number().int().nullable().describe('How far below the reference, whole percent rounded down (confirmed only)'),
    currentPriceSince: date.describe('The day the current price began'),
  })
  .describe('Whether the current price is really lower than before: checked against what was charged, not against the list price');

export const PriceHistorySchema = z
  .object({
    asOf: date.describe('The catalog date the figures are of'),
    since: date.describe('The first day the history knows'),
    lowest30Days: ChargedSchema.describe('The lowest price charged in the last 30 days (the catalog date included)'),
    lowest90Days: ChargedSchema.describe('The lowest price charged in the last 90 days'),
    highest90Days: ChargedSchema.describe('The highest price charged in the last 90 days'),
    lastChange: z
      .object({ previousPrice: PriceSchema, date: date.describe('The day the current price began') })
      .nullable()
      .describe('The price before the current one; null: it never changed in the history'),
    listPriceDaysCharged90: z
      .number()
      .int()
      .nullable()
      .describe('With a list price: on how many of the last 90 known days that price (or more) was actually charged'),
    series: z
      .array(z.object({ date, price: PriceSchema }))
      .describe('The price changes of the last 180 days, the price in force on the first of them dated that day (at most 60): a chart'),
  })
  .describe('The price over time, recorded by every rebuild: how low it has been, and when it changed');

export type PriceHistoryView = z.infer<typeof PriceHistorySchema>;

/** What a search result says of its price's history: the 30-day low and the discount check's verdict. */
export const PriceCheckSchema = z
  .object({
    lowest30Days: ChargedSchema.describe('The lowest price charged in the last 30 days'),
    verdict: DiscountCheckSchema.shape.verdict,
    realDiscountPercent: DiscountCheckSchema.shape.realDiscountPercent,
  })
  .describe("The price's history in brief (get_product and the price-history endpoint have it whole)");
export type PriceCheck = z.infer<typeof PriceCheckSchema>;

/** A search result's brief of a product's figures. */
export const priceCheckOf = (f: PriceFigures): PriceCheck => ({
  lowest30Days: charged(f.lowest30Days),
  verdict: f.discountCheck.verdict,
  realDiscountPercent: f.discountCheck.realDiscountPercent,
});
export type DiscountCheckView = z.infer<typeof DiscountCheckSchema>;

const charged = (c: ChargedPrice | null) => c && { price: priceOf(c.priceCents), date: c.date };

/** The faces' form of a product's figures. */
export function priceHistoryView(f: PriceFigures): { priceHistory: PriceHistoryView; discountCheck: DiscountCheckView } {
  const check = f.discountCheck;
  return {
    priceHistory: {
      asOf: f.asOf,
      since: f.since,
      lowest30Days: charged(f.lowest30Days),
      lowest90Days: charged(f.lowest90Days),
      highest90Days: charged(f.highest90Days),
      lastChange: f.lastChange && { previousPrice: priceOf(f.lastChange.previousPriceCents), date: f.lastChange.date },
      listPriceDaysCharged90: f.listPriceDaysCharged90,
      series: f.series.map((p) => ({ date: p.date, price: priceOf(p.priceCents) })),
    },
    discountCheck: {
      verdict: check.verdict,
      referencePrice: check.referencePriceCents === null ? null : priceOf(check.referencePriceCents),
      realDiscountPercent: check.realDiscountPercent,
      currentPriceSince: check.currentPriceSince,
    },
  };
}

export const PricePointSchema = z.object({
  date: date.describe('From this day the product was offered so, until the next point'),
  price: PriceSchema,
  listPrice: PriceSchema.nullable().describe('The list ("de") price announced then; null: none, or not known'),
  pixPrice: PriceSchema.nullable().describe('The Pix price then; null: none, or not known'),
  availability: AvailabilitySchema.nullable().describe('null: not known (a past price from the operator)'),
});

/** Body of GET PATHS.productPriceHistory: every change point kept, and the figures. */
export const ProductPriceHistorySchema = z.strictObject({
  productId: IdSchema,
  priceHistory: PriceHistorySchema,
  discountCheck: DiscountCheckSchema,
  points: z.array(PricePointSchema).describe('Every change point kept (PRICE_HISTORY_DAYS days), oldest first'),
});
export type ProductPriceHistory = z.infer<typeof ProductPriceHistorySchema>;

const priceOrNull = (cents: number | null) => (cents === null ? null : priceOf(cents));

/** The REST body of a product's history. */
export function productPriceHistory(productId: number, figures: PriceFigures, points: readonly PricePoint[]): ProductPriceHistory {
  return {
    productId,
    ...priceHistoryView(figures),
    points: points.map((p) => ({
      date: p.date,
      price: priceOf(p.priceCents),
      listPrice: priceOrNull(p.listPriceCents),
      pixPrice: priceOrNull(p.pixPriceCents),
      availability: p.availability,
    })),
  };
}
