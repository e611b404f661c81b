import type { ProductLine } from '../../src/catalog-build/export-records.ts';
import { type Rng, Stream } from './rng.ts';

/*
 * The offer's facts of a generated product (docs/operations.md, "Offer facts"), in shares like a
 * Brazilian shop's, drawn from streams of their own so every other field stays as it was:
 * about 8% out of stock and a few on pre-order or backorder; about 30% with a list price 5–40%
 * above the price; a Pix price 3–10% below at the merchants that give one (half of them);
 * interest-free installments (10x or 12x) above about R$ 100; a few refurbished or used; GTINs
 * on most electronics and appliances. A GTIN is the model's (its kind, brand, model and variant),
 * so the same model sold by several merchants shares it, at their different prices.
 */

/** The categories whose products mostly carry a barcode in the export (the vocabulary's names). */
const BARCODED = new Set(['Eletrônicos', 'Celulares e Smartphones', 'Informática', 'Games', 'Eletrodomésticos', 'Ferramentas']);

export interface OfferFacts {
  availability?: 'out_of_stock' | 'preorder' | 'backorder';
  listPriceCents?: number;
  pixPriceCents?: number;
  installments?: { count: number; interestFree: boolean };
  condition?: 'refurbished' | 'used';
  gtin?: string;
}

/** Shelf prices end in ,90 as Brazilian shops' do. */
const shelf = (cents: number) => Math.max(90, Math.round(cents / 100) * 100 - 10);

/** A GTIN-13 of Brazil's GS1 prefix (789) for a model: its text hashed into nine digits, then its check digit. */
export function modelGtin(model: string): string {
  let h = 2166136261;
  for (let i = 0; i < model.length; i++) h = Math.imul(h ^ model.charCodeAt(i), 16777619) >>> 0;
  const body = `789${String(h % 1_000_000_000).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

export function offerFor(rng: Rng, seed: number, product: ProductLine, model: string): OfferFacts {
  const facts: OfferFacts = {};
  const price = product.priceCents;
  // The merchant's own policy (does it give a Pix discount, how much) is the same for all its products.
  rng.reseed(seed, Stream.merchantOffer, product.merchantId);
  const pixShare = rng.chance(0.5) ? 0.03 + 0.07 * rng.next() : 0;
  rng.reseed(seed, Stream.offer, product.id);
  const stock = rng.next();
  if (stock < 0.08) facts.availability = 'out_of_stock';
  else if (stock < 0.1) facts.availability = 'preorder';
  else if (stock < 0.11) facts.availability = 'backorder';
  if (rng.chance(0.3)) facts.listPriceCents = Math.max(price + 100, shelf(price * (1.05 + 0.35 * rng.next())));
  if (pixShare > 0) facts.pixPriceCents = Math.round(price * (1 - pixShare));
  if (price >= 10_000) {
    if (rng.chance(0.8)) facts.installments = { count: rng.chance(0.5) ? 10 : 12, interestFree: true };
    else facts.installments = { count: 12, interestFree: false };
  }
  const condition = rng.next();
  if (condition < 0.03) facts.condition = 'refurbished';
  else if (condition < 0.04) facts.condition = 'used';
  if (rng.chance(BARCODED.has(product.category) ? 0.85 : 0.2)) facts.gtin = modelGtin(model);
  return facts;
}
