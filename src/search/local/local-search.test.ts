import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validFixture, writeExport } from '../../../tests/support/fixture-export.ts';
import { buildSnapshot } from '../../catalog-build/build-snapshot.ts';
import { type CatalogReader, openCatalog } from '../../catalog-read/catalog-reader.ts';
import type { SearchContext } from '../search-context.ts';
import { fixedCursorSecret } from './cursor-secret.ts';
import { searchLocalProducts } from './local-search.ts';
import type { SearchInput } from './local-search-schema.ts';

/*
 * search_local_products over a small real snapshot (the fixture export, built as the site builds
 * it): each step of the orchestration (the refusals, the facet filters, the fallbacks, paging,
 * the message) seen in its answer. The plans themselves are the integration tests' (tests/integration/search-*.test.ts).
 */

let dir: string;
let catalog: CatalogReader;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'local-search-'));
  const fixture = validFixture();
  const product = fixture.products[0]!;
  fixture.products.push(
    { ...product, id: 3, title: 'Fone de Ouvido Sony WH-CH520', brand: 'Sony', priceCents: 19990, slug: 'fone-sony-3' },
    {
      ...product,
      id: 4,
      merchantId: 2,
      title: 'Geladeira Brastemp Frost Free 375 Litros',
      description: 'Geladeira duplex inox.',
      category: 'Eletrodomésticos',
      brand: 'Brastemp',
      priceCents: 399900,
      slug: 'geladeira-brastemp-4',
    },
  );
  fixture.engagement.push({ productId: 3, views: 80, likes: 3, dislikes: 0 }, { productId: 4, views: 50, likes: 2, dislikes: 0 });
  const built = await buildSnapshot({
    sourceDir: writeExport(fixture, {}, { dir: join(dir, 'export') }),
    outFile: join(dir, 'catalog.sqlite'),
  });
  if (!built.ok) throw new Error(JSON.stringify(built.issues));
  catalog = openCatalog(built.outFile);
}, 60_000);

afterAll(() => {
  catalog?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ctx = (): SearchContext => ({
  catalog: () => catalog,
  productUrl: (id, slug) => `https://catalogo.example/produtos/${id}/${slug}`,
  cursorSecret: fixedCursorSecret('test cursor secret'),
  logError: (error) => {
    throw error;
  },
});
const search = (input: SearchInput) => searchLocalProducts(ctx(), { city: 'São Paulo', ...input });
const ids = (input: SearchInput) => search(input).output.results.map((r) => r.productId);

describe('search_local_products, step by step', () => {
  it('finds the words in the place, most viewed first, and says how many it found where', () => {
    const { output, isError } = search({ query: 'fone' });
    expect(isError).toBe(false);
    expect(output.results.map((r) => r.productId)).toEqual([1, 3]);
    expect(output.total).toEqual({ value: 2, relation: 'eq' });
    expect(output.results[0]).toMatchObject({
      store: { district: 'Pinheiros' },
      url: 'https://catalogo.example/produtos/1/fone-jbl-tune-520bt-1',
    });
    expect(output.message).toMatch(/^Found 2 products; place: São Paulo \(SP\)\./);
  });

  it('applies each facet filter, echoes it, and says it', () => {
    const byCategory = search({ category: 'eletrodomesticos' }).output;
    expect(byCategory.results.map((r) => r.productId)).toEqual([4]);
    expect(byCategory.filters).toMatchObject({ category: { name: 'Eletrodomésticos', slug: 'eletrodomesticos' }, brand: null });
    expect(byCategory.message).toContain('in category Eletrodomésticos');
    const byBrand = search({ query: 'fone', brand: 'sony' }).output;
    expect(byBrand.results.map((r) => r.productId)).toEqual([3]);
    expect(byBrand.filters).toMatchObject({ category: null, brand: { name: 'Sony' } });
    expect(byBrand.message).toContain('of brand Sony');
  });

  it('refuses an unknown filter value, naming the known ones, before anything is searched', () => {
    const category = search({ query: 'fone', category: 'Brinquedos' });
    expect(category.isError).toBe(true);
    expect(category.output.message).toMatch(/^No category named "Brinquedos"\. Categories: .*Eletrônicos \(eletronicos\)/);
    expect(category.output.results).toEqual([]);
    const brand = search({ query: 'fone', brand: 'Sonyy' });
    expect(brand.isError).toBe(true);
    expect(brand.output.message).toMatch(/^No brand named "Sonyy" in the catalog\. Close: Sony\./);
  });

  it('refuses words that name nothing: stopwords alone, or no letters at all', () => {
    expect(search({ query: 'e com' })).toMatchObject({ isError: true, output: { message: expect.stringMatching(/^Only common words/) } });
    expect(search({ query: '!!!' })).toMatchObject({
      isError: true,
      output: { message: expect.stringMatching(/^No words to search for/) },
    });
  });

  it('leaves out a later word no product has, and says so', () => {
    const { output } = search({ query: 'fone zzqqxx' });
    expect(output.results.map((r) => r.productId)).toEqual([1, 3]);
    expect(output.filters.droppedTerms).toEqual(['zzqqxx']);
    expect(output.message).toContain('left out "zzqqxx"');
  });

  it('says when no product is priced in the range, without searching', () => {
    const { output, isError } = search({ query: 'fone', maxPrice: 1 });
    expect(isError).toBe(false);
    expect(output.results).toEqual([]);
    expect(output.message).toContain('No product in the catalog is priced in that range');
  });

  it('pages with a signed cursor, and refuses a cursor of another search', () => {
    const first = search({ query: 'fone', limit: 1 }).output;
    expect(first.results.map((r) => r.productId)).toEqual([1]);
    expect(first.nextCursor).not.toBeNull();
    const second = search({ query: 'fone', limit: 1, cursor: first.nextCursor! }).output;
    expect(second.results.map((r) => r.productId)).toEqual([3]);
    expect(second.filters.offset).toBe(1);
    expect(search({ query: 'geladeira', limit: 1, cursor: first.nextCursor! }).isError).toBe(true);
    expect(ids({ query: 'fone', limit: 2 })).toEqual([1, 3]);
  });
});
