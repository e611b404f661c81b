import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AnswerContext } from '../../src/answers/context.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { foldKey } from '../../src/lib/text-keys.ts';
import { fixedCursorSecret } from '../../src/search/local/cursor-secret.ts';
import { searchLocalProducts } from '../../src/search/local/local-search.ts';
import type { SearchInput } from '../../src/search/local/local-search-schema.ts';
import { readSampleExport } from '../support/sample-export.ts';

/*
 * similarTo on the sample catalog, against the export itself: which products are like one
 * (its category, in the place, in stock unless asked), never itself, the same kind first, and
 * the other arguments composing with it.
 */
const sample = readSampleExport();
const catalog = openCatalog(inject('sampleSnapshot'));
afterAll(() => catalog.close());
const ctx: AnswerContext = {
  catalog: () => catalog,
  siteUrl: 'https://catalogo.example',
  productUrl: (id) => `https://catalogo.example/p/${id}`,
  cursorSecret: fixedCursorSecret('test cursor secret'),
  logError: (error) => {
    throw error;
  },
};
const search = (input: SearchInput) => searchLocalProducts(ctx, input);
const published = sample.products.filter((p) => p.publishedAt !== null);
const inCity = (city: string) => new Set(sample.stores.filter((s) => foldKey(s.city) === foldKey(city)).map((s) => s.merchantId));
const saoPaulo = inCity('São Paulo');
const kindOf = (title: string) => foldKey(title).split(/[^\p{L}\p{N}]+/u)[0];
/** Every page of a search, followed by cursor. */
const paged = (input: SearchInput) => {
  const ids: number[] = [];
  for (let cursor: string | undefined, page = 0; page < 10; page++) {
    const { output } = search({ ...input, ...(cursor ? { cursor } : {}) });
    ids.push(...output.results.map((r) => r.productId));
    if (output.nextCursor === null) return ids;
    cursor = output.nextCursor;
  }
  throw new Error('more pages than the depth allows');
};

/** A product sold in São Paulo with at least two others of its kind there, in stock. */
const target = published.find(
  (p) =>
    saoPaulo.has(p.merchantId) &&
    published.filter(
      (o) => o.id !== p.id && saoPaulo.has(o.merchantId) && o.availability !== 'out_of_stock' && kindOf(o.title) === kindOf(p.title),
    ).length >= 2,
)!;
/** The products like it by definition: its category, in São Paulo, not itself; in stock unless included. */
const likeIt = (includeOutOfStock = false) =>
  published.filter(
    (p) =>
      p.id !== target.id &&
      p.category === target.category &&
      saoPaulo.has(p.merchantId) &&
      (includeOutOfStock || p.availability !== 'out_of_stock'),
  );

describe('search_local_products with similarTo', () => {
  it('finds every product of its category in the place, never itself, those of its kind first', () => {
    expect(target).toBeDefined();
    const { output, isError } = search({ similarTo: target.id });
    expect(isError).toBe(false);
    expect(output.filters.similarTo).toEqual({ productId: target.id, title: target.title });
    expect(output.filters.category?.name).toBe(target.category);
    const want = likeIt();
    expect(want.length).toBeLessThan(50);
    expect(output.total).toEqual({ value: want.length, relation: 'eq' });
    const all = paged({ similarTo: target.id });
    expect(all.toSorted((a, b) => a - b)).toEqual(want.map((p) => p.id).toSorted((a, b) => a - b));
    const kinds = all.map((id) => kindOf(published.find((p) => p.id === id)!.title) === kindOf(target.title));
    expect(kinds.indexOf(false)).toBe(kinds.filter(Boolean).length);
    expect(output.ordering).toMatch(/^Most like the product first/);
    expect(output.message).toContain(`Products like ${JSON.stringify(target.title)}`);
  });

  it('composes with price, brand, sort, out-of-stock products, a place and pages', () => {
    const prices = likeIt().map((p) => p.priceCents / 100);
    const [low, high] = [Math.min(...prices), Math.max(...prices)];
    const within = paged({ similarTo: target.id, maxPrice: (low + high) / 2 });
    expect(within.length).toBeGreaterThan(0);
    expect(within.every((id) => published.find((p) => p.id === id)!.priceCents <= ((low + high) / 2) * 100)).toBe(true);
    const cheapest = search({ similarTo: target.id, sort: 'price_asc', limit: 5 }).output.results.map((r) => r.price.cents);
    expect(cheapest).toEqual(
      likeIt()
        .map((p) => p.priceCents)
        .sort((a, b) => a - b)
        .slice(0, 5),
    );
    const brand = search({ similarTo: target.id, brand: target.brand }).output.results;
    expect(brand.every((r) => r.brand === target.brand)).toBe(true);
    const included = search({ similarTo: target.id, includeOutOfStock: true }).output;
    expect(included.total.value).toBe(likeIt(true).length);
    // Pages of 3 give the same products, in the same order, as pages of 10.
    expect(paged({ similarTo: target.id, limit: 3 })).toEqual(paged({ similarTo: target.id }));
    const rio = inCity('Rio de Janeiro');
    const there = search({ similarTo: target.id, city: 'Rio de Janeiro' }).output.results;
    expect(there.every((r) => rio.has(r.merchant.id) && r.productId !== target.id)).toBe(true);
  });

  it('refuses an unknown id, and words or a category beside it, in words', () => {
    const unknown = search({ similarTo: 987_654 });
    expect(unknown.isError).toBe(true);
    expect(unknown.output.message).toMatch(/No published product has id 987654 \(similarTo\)/);
    const draft = sample.products.find((p) => p.publishedAt === null);
    if (draft) expect(search({ similarTo: draft.id }).isError).toBe(true);
    expect(search({ similarTo: target.id, query: 'geladeira' }).output.message).toMatch(/leave query and category out/);
    expect(search({ similarTo: target.id, category: 'Eletrônicos' }).isError).toBe(true);
  });
});
