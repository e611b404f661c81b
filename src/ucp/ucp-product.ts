import type { Availability } from '../catalog-read/offer.ts';
import type { ProductRow } from '../catalog-read/product-columns.ts';
import type { Store } from '../catalog-read/store.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import type { ChargedPrice, PriceFigures } from '../price-history/price-figures.ts';
import { UCP_EXTENSION } from './ucp-request.ts';

/*
 * A product of this catalog as UCP's Product (types/product.json of v2026-04-08): one variant per
 * product, as the catalog sells each product in one form at one price. Only what the catalog
 * knows is said: no rating (likes are not ratings), no options, no SKU.
 */

/** A product's one variant: its id is the product's, with this suffix ("123" → "123-v1"). */
const VARIANT_SUFFIX = '-v1';
const PRODUCT_ID = /^[1-9][0-9]{0,14}$/;

export const variantIdOf = (productId: number) => `${productId}${VARIANT_SUFFIX}`;

/** The product a UCP id names, and whether it named the variant (null: not one of this catalog's ids). */
export function productIdOf(id: string): { productId: number; variant: boolean } | null {
  const variant = id.endsWith(VARIANT_SUFFIX);
  const digits = variant ? id.slice(0, -VARIANT_SUFFIX.length) : id;
  if (!PRODUCT_ID.test(digits)) return null;
  const productId = Number(digits);
  return Number.isSafeInteger(productId) ? { productId, variant } : null;
}

const price = (cents: number) => ({ amount: cents, currency: 'BRL' as const });

/** Image URLs already read: parsing one costs a few microseconds, and a page of results has ten. */
const readUrls = new BoundedCache<string, string | null>(10_000);

/** An absolute http(s) URL, as UCP's `format: uri` fields take: a merchant's image URL is untrusted text. */
function absoluteUrl(text: string): string | null {
  let href = readUrls.get(text);
  if (href === undefined) {
    const url = URL.canParse(text) ? new URL(text) : null;
    href = url !== null && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
    readUrls.set(text, href);
  }
  return href;
}

export interface UcpInput {
  id: string;
  match: 'exact' | 'featured';
}

/** What a product's answer adds to its row: its page, and the store that puts it in the place searched. */
export interface UcpProductFacts {
  url: string;
  /** The merchant's store nearest the place searched, when a place was. */
  store?: (Store & { distanceKm?: number }) | undefined;
  /** Lookups: the request's identifiers this product's variant answers. */
  inputs?: UcpInput[];
  /** Its price history's figures (src/price-history/): said under this catalog's extension. */
  priceHistory?: PriceFigures | undefined;
}

/** The price history's key in a product's metadata: this catalog's own extension (ucp-request.ts, UCP_EXTENSION). */
export const PRICE_HISTORY_KEY = `${UCP_EXTENSION}.price_history` as const;

/** The figures in UCP's style: snake_case, amounts in minor units. */
function priceHistoryExtension(f: PriceFigures) {
  const charged = (c: ChargedPrice | null) => c && { price: price(c.priceCents), date: c.date };
  const check = f.discountCheck;
  return {
    as_of: f.asOf,
    since: f.since,
    lowest_30_days: charged(f.lowest30Days),
    lowest_90_days: charged(f.lowest90Days),
    highest_90_days: charged(f.highest90Days),
    discount_check: {
      verdict: check.verdict,
      reference_price: check.referencePriceCents === null ? null : price(check.referencePriceCents),
      real_discount_percent: check.realDiscountPercent,
      current_price_since: check.currentPriceSince,
    },
  };
}

/** What a UCP product is made of: a catalog row, or a search result with its description. */
export type UcpProductSource = Pick<
  ProductRow,
  | 'id'
  | 'title'
  | 'description'
  | 'category'
  | 'brand'
  | 'priceCents'
  | 'imageUrl'
  | 'merchantId'
  | 'merchantName'
  | 'listPriceCents'
  | 'gtin'
> & { availability: Availability };

/** UCP's availability: `available` is whether it can be bought now or ordered (pre-order, backorder), `status` says which. */
const availabilityFor = (status: Availability) => ({ available: status !== 'out_of_stock', status });

export function ucpProduct(row: UcpProductSource, facts: UcpProductFacts) {
  const description = { plain: row.description };
  const image = absoluteUrl(row.imageUrl);
  const media = image === null ? [] : [{ type: 'image', url: image, alt_text: row.title }];
  const seller = { name: row.merchantName };
  const variant = {
    id: variantIdOf(row.id),
    title: row.title,
    // The one variant is the product as sold: its description is the product's, not repeated.
    description: { plain: row.title },
    price: price(row.priceCents),
    ...(row.listPriceCents !== null ? { list_price: price(row.listPriceCents) } : {}),
    availability: availabilityFor(row.availability),
    ...(row.gtin !== null ? { barcodes: [{ type: 'GTIN', value: row.gtin }] } : {}),
    // Its page and image are the product's (UCP's variant url and media are optional): not repeated.
    seller,
    ...(facts.inputs ? { inputs: facts.inputs } : {}),
  };
  return {
    id: String(row.id),
    title: row.title,
    description,
    url: facts.url,
    categories: [{ value: row.category, taxonomy: 'merchant' }],
    price_range: { min: price(row.priceCents), max: price(row.priceCents) },
    ...(row.listPriceCents !== null ? { list_price_range: { min: price(row.listPriceCents), max: price(row.listPriceCents) } } : {}),
    ...(media.length > 0 ? { media } : {}),
    variants: [variant],
    ...(row.brand.trim() ? { tags: [row.brand] } : {}),
    metadata: {
      brand: row.brand,
      merchant: { id: row.merchantId, name: row.merchantName },
      ...(facts.store ? { store: facts.store } : {}),
      ...(facts.priceHistory ? { [PRICE_HISTORY_KEY]: priceHistoryExtension(facts.priceHistory) } : {}),
    },
  };
}

export type UcpProduct = ReturnType<typeof ucpProduct>;
