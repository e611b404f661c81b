import type { AnswerContext } from '../answers/context.ts';
import { availabilityOf } from '../catalog-read/offer.ts';
import type { ProductRow } from '../catalog-read/product-columns.ts';
import { foldKey, slugify } from '../lib/text-keys.ts';
import { priceHistoryOf } from '../price-history/history-read.ts';
import { failure, info, type UcpMessage } from './ucp-messages.ts';
import { productIdOf, type UcpInput, ucpProduct } from './ucp-product.ts';
import { ucpEnvelope } from './ucp-protocol.ts';
import { type UcpFilters, type UcpGetProductRequest, type UcpLookupRequest, UCP_EXTENSION_KEYS as X } from './ucp-request.ts';

/**
 * Whether a product passes a lookup's filters (UCP: filters apply after the ids resolve, all of
 * them): price in centavos, any of the categories, the brand. The place filters are a search's:
 * a lookup names its products.
 */
function passes(row: ProductRow, filters: UcpFilters | undefined): boolean {
  if (filters === undefined) return true;
  const { price, categories } = filters;
  if (price?.min !== undefined && row.priceCents < price.min) return false;
  if (price?.max !== undefined && row.priceCents > price.max) return false;
  if (categories !== undefined && categories.length > 0 && !categories.some((c) => slugify(c) === row.categorySlug)) return false;
  const brand = filters[X.brand];
  if (brand !== undefined && foldKey(brand) !== foldKey(row.brand)) return false;
  return true;
}

/** A GTIN's digits: a lookup id of that shape that names no product is read as a barcode. */
const GTIN_SHAPE = /^(\d{8}|\d{12,14})$/;
/** Products one barcode answers at most (UCP: an identifier matching several may be limited). */
const MAX_PER_GTIN = 10;

/** The distinct identifiers of a lookup, in the order given: each is one lookup against the quotas. */
export const distinctIds = (ids: readonly string[]): string[] => [...new Set(ids)];

/** catalog lookup (dev.ucp.shopping.catalog.lookup): lookup_catalog's and POST /catalog/lookup's answer. */
export function lookupCatalog(ctx: AnswerContext, request: UcpLookupRequest) {
  const discovery = ctx.catalog().discovery;
  const found = new Map<number, { row: ProductRow; inputs: UcpInput[] }>();
  const messages: UcpMessage[] = [];
  const ids = distinctIds(request.ids);
  const named = ids.map(productIdOf);
  const rows = new Map(discovery.products(named.flatMap((n) => (n === null ? [] : [n.productId]))).map((row) => [row.id, row]));
  const add = (row: ProductRow, input: UcpInput) => {
    const entry = found.get(row.id) ?? { row, inputs: [] };
    entry.inputs.push(input);
    found.set(row.id, entry);
  };
  for (const [i, id] of ids.entries()) {
    const name = named[i]!;
    const row = name === null ? undefined : rows.get(name.productId);
    if (name !== null && row !== undefined) {
      add(row, { id, match: name.variant ? 'exact' : 'featured' });
      continue;
    }
    // A secondary identifier: the barcode (variants' `barcodes`), which other merchants' products may share.
    const sharing = GTIN_SHAPE.test(id) ? discovery.productsWithGtin(id, MAX_PER_GTIN) : [];
    for (const product of sharing) add(product, { id, match: 'exact' });
    if (sharing.length === 0) messages.push(info('not_found', id));
  }
  const products = [];
  for (const { row, inputs } of found.values()) {
    if (!passes(row, request.filters)) {
      for (const input of inputs) messages.push(info('filtered_out', `${input.id}: does not match the filters`));
      continue;
    }
    const priceHistory = priceHistoryOf(ctx.catalog()).figures(row.id);
    products.push(
      ucpProduct({ ...row, availability: availabilityOf(row) }, { url: ctx.productUrl(row.id, row.slug), inputs, priceHistory }),
    );
  }
  return { ucp: ucpEnvelope('lookup'), products, ...(messages.length > 0 ? { messages } : {}) };
}

/** get product (dev.ucp.shopping.catalog.lookup): get_product's and POST /catalog/product's answer. */
export function getCatalogProduct(ctx: AnswerContext, request: UcpGetProductRequest) {
  const named = productIdOf(request.id);
  const row = named === null ? undefined : ctx.catalog().discovery.product(named.productId);
  if (named === null || row === undefined) {
    const content = `Product not found: ${request.id}. Ids come from search_catalog (products[].id, or variants[].id).`;
    return { ucp: ucpEnvelope('lookup', 'error'), messages: [failure('not_found', content, 'unrecoverable')] };
  }
  if (!passes(row, request.filters)) {
    const content = `Product ${request.id} does not match the filters given.`;
    return { ucp: ucpEnvelope('lookup', 'error'), messages: [failure('not_found', content, 'unrecoverable')] };
  }
  const product = ucpProduct(
    { ...row, availability: availabilityOf(row) },
    { url: ctx.productUrl(row.id, row.slug), priceHistory: priceHistoryOf(ctx.catalog()).figures(row.id) },
  );
  const messages =
    request.selected !== undefined && request.selected.length > 0
      ? [info('no_options', 'This product has no options: the selections narrow nothing.')]
      : [];
  return { ucp: ucpEnvelope('lookup'), product: { ...product, selected: [] }, ...(messages.length > 0 ? { messages } : {}) };
}
