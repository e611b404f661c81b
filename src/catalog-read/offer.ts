import { z } from 'zod';
import { PriceSchema, priceOf } from './price.ts';
import type { ProductRow } from './product-columns.ts';

/*
 * The offer's facts as every face shows them (the export's fields: src/catalog-build/offer-facts.ts).
 * Absent facts read as the specification's defaults: in stock, new.
 */

export const AvailabilitySchema = z
  .enum(['in_stock', 'out_of_stock', 'preorder', 'backorder'])
  .describe(
    'in_stock (published products are, unless the merchant says otherwise), out_of_stock, preorder (pré-venda) or backorder (sob encomenda)',
  );
export type Availability = z.infer<typeof AvailabilitySchema>;

export const OfferSchema = z.object({
  condition: z.enum(['new', 'refurbished', 'used']).describe('new unless the merchant says refurbished (recondicionado) or used (usado)'),
  listPrice: PriceSchema.nullable().describe('The price before a discount ("de R$ 1.399 por R$ 1.199"); null: none'),
  discountPercent: z
    .number()
    .int()
    .nullable()
    .describe('How much below the list price the price is, in whole percent (rounded down); null: no list price'),
  pixPrice: PriceSchema.nullable().describe('The price paid by Pix, when the merchant gives one below the price; null: the price'),
  installments: z
    .object({
      count: z.number().int().min(1).max(24),
      interestFree: z.boolean().describe('sem juros'),
      amount: PriceSchema.nullable().describe(
        'Each installment, interest-free: the price divided and rounded down to the centavo, the remainder in the first (as card acquirers split it); null when interest applies (the rate is not known)',
      ),
      firstAmount: PriceSchema.nullable().describe('The first installment when it carries the remainder; null: the same as amount'),
    })
    .nullable()
    .describe('"10x de R$ 119,90 sem juros"; null: none stated'),
  gtin: z.string().nullable().describe('The GTIN (EAN) barcode, 8, 12, 13 or 14 digits: the same product at other merchants shares it'),
});
export type Offer = z.infer<typeof OfferSchema>;

type OfferColumns = Pick<
  ProductRow,
  | 'priceCents'
  | 'availability'
  | 'listPriceCents'
  | 'pixPriceCents'
  | 'installmentsCount'
  | 'installmentsInterestFree'
  | 'condition'
  | 'gtin'
>;

/** A product's availability: the export's, in stock when it gave none. */
export const availabilityOf = (row: Pick<ProductRow, 'availability'>): Availability => (row.availability ?? 'in_stock') as Availability;

/** The offer of a product row: its facts, and what follows from them (the discount, each installment). */
export function offerOf(row: OfferColumns): Offer {
  const { priceCents, listPriceCents, installmentsCount: count } = row;
  let installments: Offer['installments'] = null;
  if (count !== null) {
    const interestFree = row.installmentsInterestFree === 1;
    const amount = Math.floor(priceCents / count);
    const first = priceCents - amount * (count - 1);
    installments = {
      count,
      interestFree,
      amount: interestFree ? priceOf(amount) : null,
      firstAmount: interestFree && first !== amount ? priceOf(first) : null,
    };
  }
  return {
    condition: (row.condition ?? 'new') as Offer['condition'],
    listPrice: listPriceCents === null ? null : priceOf(listPriceCents),
    discountPercent: listPriceCents === null ? null : Math.floor(((listPriceCents - priceCents) * 100) / listPriceCents),
    pixPrice: row.pixPriceCents === null ? null : priceOf(row.pixPriceCents),
    installments,
    gtin: row.gtin,
  };
}
