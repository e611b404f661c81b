import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerContext } from '../../src/answers/context.ts';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { type CatalogReader, openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { foldKey } from '../../src/lib/text-keys.ts';
import { searchLocalProducts } from '../../src/search/local/local-search.ts';
import type { SearchInput } from '../../src/search/local/local-search-schema.ts';
import { SEARCH_DEPTH } from '../../src/search/local/search-cursor.ts';
import { distanceKm } from '../../src/search/planner/geo.ts';
import { validFixture, writeExport } from '../support/fixture-export.ts';
import { generatedCatalog, type PlainProduct, type PlainStore } from '../support/generated-catalog.ts';

/*
 * Issue 31's orders, price ranges, brands and pages against a brute-force answer computed here
 * from the snapshot's plain tables, on 60,000 generated products: the price orders read the
 * index from its cheap or dear end (src/search/planner/price-order.ts), and the ranges confine
 * every read to their products' ordinals.
 */
const PRODUCTS = 60_000;

type Product = PlainProduct;

let catalog: CatalogReader;
let products: Product[];
let stores: PlainStore[];
let ctx: AnswerContext;
let remove: () => void;

beforeAll(async () => {
  ({ catalog, ctx, products, stores, remove } = await generatedCatalog(PRODUCTS, 11));
}, 120_000);

afterAll(() => remove?.());

/** Out-of-stock products (when included) after those in stock, then most viewed, most liked, lowest id. */
const byPopularity = (a: Product, b: Product) =>
  Number(a.outOfStock) - Number(b.outOfStock) || b.views - a.views || b.likes - a.likes || a.id - b.id;

/** The first 50 results by definition: filter everything, pick the group, order (docs/api.md, "Ordering"). One word, matched whole. */
function expected(input: SearchInput): number[] {
  const word = input.query ? foldKey(input.query) : null;
  const min = input.minPrice === undefined ? 0 : Math.round(input.minPrice * 100);
  const max = input.maxPrice === undefined ? Infinity : Math.round(input.maxPrice * 100);
  const brand = input.brand ? foldKey(input.brand) : null;
  let where: Map<number, number>;
  if (input.latitude !== undefined) {
    where = new Map();
    for (const s of stores) {
      const d = distanceKm(input.latitude, input.longitude!, s.latitude, s.longitude);
      if (d <= (input.radiusKm ?? 10) && d < (where.get(s.merchantId) ?? Infinity)) where.set(s.merchantId, d);
    }
  } else {
    const district = input.district ? foldKey(input.district) : null;
    where = new Map(
      stores
        .filter((s) => foldKey(s.city) === 'sao paulo' && (district === null || foldKey(s.district) === district))
        .map((s) => [s.merchantId, 0]),
    );
  }
  const local = products.filter(
    (p) =>
      where.has(p.merchantId) &&
      p.priceCents >= min &&
      p.priceCents <= max &&
      (brand === null || foldKey(p.brand) === brand) &&
      (word === null || p.words.has(word)) &&
      (input.includeOutOfStock === true || !p.outOfStock),
  );
  const groups =
    word === null
      ? [local]
      : [
          local.filter((p) => p.titleWords.has(word)),
          local.filter((p) => !p.titleWords.has(word) && p.namingWords.has(word)),
          local.filter((p) => !p.namingWords.has(word)),
        ];
  const sort = input.sort ?? 'relevance';
  const distance = (p: Product) => where.get(p.merchantId)!;
  const order =
    sort === 'price_asc'
      ? (a: Product, b: Product) => a.priceCents - b.priceCents || byPopularity(a, b)
      : sort === 'price_desc'
        ? (a: Product, b: Product) => b.priceCents - a.priceCents || byPopularity(a, b)
        : sort === 'distance' || (sort === 'relevance' && input.latitude !== undefined)
          ? (a: Product, b: Product) => distance(a) - distance(b) || byPopularity(a, b)
          : byPopularity;
  // Relevance reads every group in turn; the other orders the best group that has a match.
  const chosen = sort === 'relevance' ? groups : [groups.find((g) => g.length > 0) ?? []];
  return chosen
    .flatMap((g) => [...g].sort(order))
    .slice(0, SEARCH_DEPTH)
    .map((p) => p.id);
}

/** Every page of a search, followed by cursor: the products in order. */
function paged(input: SearchInput): number[] {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const { output, isError } = searchLocalProducts(ctx, { ...input, ...(cursor ? { cursor } : {}) });
    expect(isError, `${JSON.stringify(input)}: ${output.message}`).toBe(false);
    expect(output.filters.offset).toBe(ids.length);
    ids.push(...output.results.map((r) => r.productId));
    if (output.nextCursor === null) return ids;
    cursor = output.nextCursor;
  }
  throw new Error('more pages than the depth allows');
}

describe('orders, price ranges, brands and pages against the brute-force answer (60,000 products)', () => {
  it('gives the same products in the same order, page after page, up to the depth', () => {
    const counts = new Map<string, number>();
    for (const p of products) for (const w of p.titleWords) if (/^\p{L}{4,}$/u.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    const frequent = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w);
    const [top, second, third] = frequent;
    const brand = catalog.discovery.brands[0]!.name;
    const prices = products.map((p) => p.priceCents).sort((a, b) => a - b);
    const median = prices[Math.floor(prices.length / 2)]! / 100;
    const [pinheiros] = stores.filter((s) => s.district === 'Pinheiros');
    const near = { latitude: pinheiros!.latitude, longitude: pinheiros!.longitude };
    const inputs: SearchInput[] = [
      { query: top, sort: 'price_asc' },
      { query: top, sort: 'price_desc' },
      { query: second, sort: 'price_asc', minPrice: median },
      { query: third, minPrice: median / 2, maxPrice: median },
      { query: top, maxPrice: median / 3, sort: 'price_desc' },
      { brand, sort: 'price_asc' },
      { brand, query: second },
      { sort: 'popularity' },
      { query: second, sort: 'popularity' },
      { district: 'Pinheiros', query: top, sort: 'price_desc' },
      { ...near, radiusKm: 5, query: top, sort: 'price_asc' },
      { ...near, radiusKm: 5, query: second, sort: 'distance' },
      { ...near, radiusKm: 3, minPrice: median },
      // Out-of-stock products included: in their place in price and distance orders, last in the others.
      { query: top, sort: 'price_asc', includeOutOfStock: true },
      { district: 'Pinheiros', query: top, sort: 'price_desc', includeOutOfStock: true },
      { query: second, sort: 'popularity', includeOutOfStock: true },
      { ...near, radiusKm: 5, query: second, sort: 'distance', includeOutOfStock: true },
      { ...near, radiusKm: 5, query: top, sort: 'popularity', includeOutOfStock: true },
      { brand, query: second, includeOutOfStock: true },
    ];
    for (const input of inputs) {
      const want = expected(input);
      expect(want.length, JSON.stringify(input)).toBeGreaterThan(0);
      expect(paged({ ...input, limit: 10 }), JSON.stringify(input)).toEqual(want);
    }
    // A page size that does not divide the depth pages the same products.
    expect(paged({ query: top, sort: 'price_asc', limit: 7 })).toEqual(expected({ query: top, sort: 'price_asc' }));
  });
});

describe('a price order where many products share the page’s last price', () => {
  let tied: CatalogReader;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'price-ties-'));
    const fixture = validFixture();
    const product = fixture.products[0]!;
    // 150 mugs at R$ 19,90, more viewed the later their id, beside 5 cheaper and 5 dearer ones.
    fixture.products = Array.from({ length: 160 }, (_, i) => ({
      ...product,
      id: i + 1,
      merchantId: 1 + (i % 2),
      title: `Caneca de Porcelana ${i + 1}`,
      slug: `caneca-${i + 1}`,
      priceCents: i < 5 ? 990 : i < 155 ? 1990 : 2990,
    }));
    fixture.engagement = fixture.products.map((p) => ({ productId: p.id, views: p.id, likes: 0, dislikes: 0 }));
    const built = await buildSnapshot({
      sourceDir: writeExport(fixture, {}, { dir: join(dir, 'export') }),
      outFile: join(dir, 'c.sqlite'),
    });
    expect(built.ok).toBe(true);
    tied = openCatalog(join(dir, 'c.sqlite'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ranks the products of that price by popularity, reading past the first read', () => {
    const search = (sort: 'price_asc' | 'price_desc') =>
      searchLocalProducts({ ...ctx, catalog: () => tied }, { query: 'caneca', city: 'São Paulo', sort, limit: 10 }).output.results.map(
        (r) => r.productId,
      );
    // The five cheaper ones, then the most viewed at R$ 19,90: the last ids, not the first read.
    expect(search('price_asc')).toEqual([5, 4, 3, 2, 1, 155, 154, 153, 152, 151]);
    expect(search('price_desc')).toEqual([160, 159, 158, 157, 156, 155, 154, 153, 152, 151]);
  });
});
