import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '../../src/answers/product.ts';
import { researchFetch } from '../../src/answers/research-fetch.ts';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { type LazyCatalog, lazyCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { productJsonLd } from '../../src/product-pages/product-json-ld.ts';
import { searchLocalProducts } from '../../src/search/local/local-search.ts';
import { lookupCatalog } from '../../src/ucp/ucp-lookup.ts';
import { UCP_EXTENSION_KEYS } from '../../src/ucp/ucp-request.ts';
import { searchCatalog } from '../../src/ucp/ucp-search.ts';
import { validFixture, writeExport } from '../support/fixture-export.ts';
import { checkProductJsonLd } from '../support/json-ld.ts';
import { testMcpDeps } from '../support/mcp-deps.ts';
import { validateLookupResponse, validateSearchResponse } from '../support/ucp-schemas.ts';

/*
 * The offer's facts from the export to the faces that show them so far: get_product, the search's
 * results, UCP's search and its lookup by barcode (issue 42; the rest of its faces come next).
 */
const GTIN = '7891000315507';
let work: string;
let catalog: LazyCatalog;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'catalog-offer-'));
  const fixture = validFixture();
  Object.assign(fixture.products[0]!, {
    availability: 'preorder',
    listPriceCents: 34_990,
    pixPriceCents: 28_490,
    installments: { count: 3, interestFree: true },
    condition: 'refurbished',
    gtin: GTIN,
  });
  // The same product at the other merchant, dearer, out of stock.
  fixture.products.push({
    ...fixture.products[0]!,
    id: 3,
    merchantId: 2,
    priceCents: 31_990,
    slug: 'fone-jbl-3',
    availability: 'out_of_stock',
  } as never);
  const outFile = join(work, 'catalog.sqlite');
  const built = await buildSnapshot({ sourceDir: writeExport(fixture), outFile });
  expect(built.ok).toBe(true);
  catalog = lazyCatalog(outFile);
});
afterAll(() => {
  catalog?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the offer facts, on the faces that show them', () => {
  it('get_product: availability, list and Pix prices, the discount, installments, condition and GTIN', () => {
    const found = getProduct(testMcpDeps(catalog), 1);
    if ('message' in found) throw new Error(found.message);
    expect(found.output.product.availability).toBe('preorder');
    expect(found.output.product.offer).toEqual({
      condition: 'refurbished',
      listPrice: expect.objectContaining({ cents: 34_990, formatted: 'R$ 349,90' }),
      discountPercent: 14,
      pixPrice: expect.objectContaining({ cents: 28_490 }),
      installments: {
        count: 3,
        interestFree: true,
        amount: expect.objectContaining({ cents: 9_996 }),
        firstAmount: expect.objectContaining({ cents: 9_998 }),
      },
      gtin: GTIN,
    });
    // The same GTIN at the other merchant, and never this product itself.
    expect(found.output.otherOffers).toEqual({
      total: 1,
      offers: [
        {
          productId: 3,
          title: expect.any(String),
          merchant: { id: 2, name: expect.any(String) },
          price: expect.objectContaining({ cents: 31_990 }),
          availability: 'out_of_stock',
          url: 'http://localhost:4321/produtos/3/fone-jbl-3',
        },
      ],
    });
    const other = getProduct(testMcpDeps(catalog), 3);
    if ('message' in other) throw new Error(other.message);
    expect(other.output.otherOffers.offers.map((o) => o.productId)).toEqual([1]);
  });

  it('get_product with a place: each other offer names its merchant’s store nearest it', () => {
    const ctx = testMcpDeps(catalog);
    const near = getProduct(ctx, 1, { latitude: -23.6, longitude: -46.66 });
    if ('message' in near) throw new Error(near.message);
    expect(near.output.otherOffers.place).toMatch(/^within 10 km of -23.6, -46.66/);
    expect(near.output.otherOffers.offers[0]!.store).toMatchObject({ name: 'Loja Moema', distanceKm: expect.any(Number) });
    const inDistrict = getProduct(ctx, 1, { district: 'Pinheiros' });
    if ('message' in inDistrict) throw new Error(inDistrict.message);
    // The other merchant has no store in Pinheiros, but one in the city.
    expect(inDistrict.output.otherOffers.offers[0]!.store).toMatchObject({ name: 'Loja Moema', district: 'Moema' });
    const nowhere = getProduct(ctx, 1, { city: 'Atlantis' });
    if ('message' in nowhere) throw new Error(nowhere.message);
    expect(nowhere.output.otherOffers.place).toMatch(/Atlantis/);
    expect(nowhere.output.otherOffers.offers[0]!.store).toBeNull();
    // Without a place, no store is named.
    const plain = getProduct(ctx, 1);
    if ('message' in plain) throw new Error(plain.message);
    expect(plain.output.otherOffers.offers[0]!).not.toHaveProperty('store');
  });

  it('the product page’s JSON-LD: availability, condition, the GTIN by its length, the list price struck through', async () => {
    const found = getProduct(testMcpDeps(catalog), 1);
    if ('message' in found) throw new Error(found.message);
    const block = productJsonLd(found.output);
    await checkProductJsonLd(block);
    expect(block).toMatchObject({
      gtin13: GTIN,
      offers: {
        availability: 'https://schema.org/PreOrder',
        itemCondition: 'https://schema.org/RefurbishedCondition',
        priceSpecification: { priceType: 'https://schema.org/StrikethroughPrice', price: '349.90', priceCurrency: 'BRL' },
      },
    });
  });

  it('the research fetch says the offer in its text, and the other offers of the GTIN', () => {
    const fetched = researchFetch(testMcpDeps(catalog), '1');
    if ('message' in fetched) throw new Error(fetched.message);
    expect(fetched.text).toContain('Preço: R$ 299,90 (pré-venda).');
    expect(fetched.text).toContain('De R$ 349,90, 14% de desconto.');
    expect(fetched.text).toContain('Parcelamento: 3x sem juros (1ª de R$ 99,98, demais de R$ 99,96).');
    expect(fetched.text).toContain('Condição: Recondicionado. GTIN: 7891000315507.');
    // A first build: the price's history is today's alone, and says so.
    expect(fetched.text).toMatch(/\nMenor preço nos últimos 30 dias: R\$ 299,90 \(em \d{2}\/\d{2}\/\d{4}\)\.\nHistórico curto: /);
    expect(fetched.text).toMatch(/em outras lojas: 1; as mais baratas:\n- .+: R\$ 319,90 \(indisponível\), id 3, /);
  });

  it('search leaves an out-of-stock product out and says so; with includeOutOfStock, marks it and ranks it last', () => {
    const deps = testMcpDeps(catalog);
    const left = searchLocalProducts(deps, { query: 'fone jbl' }).output;
    expect(left.results.map((r) => r.productId)).not.toContain(3);
    expect(left.results.find((r) => r.productId === 1)).toMatchObject({
      availability: 'preorder',
      offer: { gtin: GTIN, discountPercent: 14 },
    });
    expect(left.filters.includeOutOfStock).toBe(false);
    expect(left.leftOutOfStock).toEqual({ value: 1, relation: 'eq' });
    expect(left.message).toContain('1 more matching product is out of stock, left out (includeOutOfStock: true shows them)');
    const all = searchLocalProducts(deps, { query: 'fone jbl', includeOutOfStock: true }).output;
    expect(all.leftOutOfStock).toBeNull();
    expect(all.results.at(-1)).toMatchObject({ productId: 3, availability: 'out_of_stock', offer: { condition: 'refurbished' } });
    expect(all.total.value).toBe(left.total.value + 1);
  });

  it('UCP: availability as available and status, the list price, the barcode; lookup by GTIN finds every merchant’s', () => {
    const ctx = testMcpDeps(catalog);
    const searched = searchCatalog(ctx, { query: 'fone jbl' });
    expect(validateSearchResponse(searched).errors).toEqual([]);
    expect(searched.products?.map((p) => p.id)).not.toContain('3');
    const included = searchCatalog(ctx, { query: 'fone jbl', filters: { [UCP_EXTENSION_KEYS.includeOutOfStock]: true } });
    expect(validateSearchResponse(included).errors).toEqual([]);
    expect(included.products?.find((p) => p.id === '3')?.variants[0]?.availability).toEqual({ available: false, status: 'out_of_stock' });
    const looked = lookupCatalog(ctx, { ids: [GTIN] });
    expect(validateLookupResponse(looked).errors).toEqual([]);
    expect(looked.products.map((p) => [p.id, p.variants[0]!.availability, p.variants[0]!.inputs])).toEqual([
      ['1', { available: true, status: 'preorder' }, [{ id: GTIN, match: 'exact' }]],
      ['3', { available: false, status: 'out_of_stock' }, [{ id: GTIN, match: 'exact' }]],
    ]);
    expect(looked.products[0]!.variants[0]).toMatchObject({
      list_price: { amount: 34_990, currency: 'BRL' },
      barcodes: [{ type: 'GTIN', value: GTIN }],
    });
  });
});
