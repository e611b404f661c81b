import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AnswerContext } from '../../src/answers/context.ts';
import { catalogOverview } from '../../src/answers/overview.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { productUrlBuilder } from '../../src/catalog-read/product-url.ts';
import { foldKey } from '../../src/lib/text-keys.ts';
import { fixedCursorSecret } from '../../src/search/local/cursor-secret.ts';
import { searchLocalProducts } from '../../src/search/local/local-search.ts';
import type { SearchInput } from '../../src/search/local/local-search-schema.ts';
import { SEARCH_DEPTH } from '../../src/search/local/search-cursor.ts';
import { distanceKm } from '../../src/search/planner/geo.ts';
import { readSampleExport } from '../support/sample-export.ts';

const sample = readSampleExport();
const SITE = 'https://catalogo.example';
/** One reader for the whole file, closed after it. */
const catalog = openCatalog(inject('sampleSnapshot'));
afterAll(() => catalog.close());
const ctx: AnswerContext = {
  catalog: () => catalog,
  siteUrl: SITE,
  productUrl: productUrlBuilder(`${SITE}/produtos/{id}/{slug}`),
  cursorSecret: fixedCursorSecret('test cursor secret'),
  logError: (error) => {
    throw error;
  },
};
const search = (input: SearchInput) => searchLocalProducts(ctx, input);

/** Stores of a product's merchant, from the export itself (not from the snapshot under test). */
const storesOf = (productId: number) => {
  const product = sample.products.find((p) => p.id === productId)!;
  return sample.stores.filter((s) => s.merchantId === product.merchantId);
};

describe('search_local_products on the sample catalog', () => {
  it('searches the default city, São Paulo, when no place is given, and says so', () => {
    const { output, isError } = search({});
    expect(isError).toBe(false);
    expect(output.location).toMatchObject({ resolvedBy: 'default', city: { name: 'São Paulo', state: 'SP' } });
    expect(output.results).toHaveLength(10);
    for (const r of output.results) {
      expect(r.store.city).toBe('São Paulo');
      expect(storesOf(r.productId).some((s) => s.id === r.store.id)).toBe(true);
      expect(r.availability).toBe('in_stock');
      expect(r.url).toBe(`https://catalogo.example/produtos/${r.productId}/${sample.products.find((p) => p.id === r.productId)!.slug}`);
      expect(r.price.formatted).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    }
    // Most viewed first.
    const views = output.results.map((r) => sample.engagement.get(r.productId)?.views ?? 0);
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('ignores accents and case, and matches partial words', () => {
    const a = search({ query: 'FONE bluetooth' }).output.results.map((r) => r.productId);
    const b = search({ query: 'fône BLUETOOTH' }).output.results.map((r) => r.productId);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    const partial = search({ query: 'blueto' }).output.results;
    expect(partial.length).toBeGreaterThan(0);
    expect(
      partial.every((r) =>
        /bluetooth/i.test(
          sample.products.find((p) => p.id === r.productId)!.title + sample.products.find((p) => p.id === r.productId)!.description,
        ),
      ),
    ).toBe(true);
    // Title matches come before matches elsewhere in the text.
    const titles = search({ query: 'bluetooth' }).output.results.map((r) => /bluetooth/i.test(r.title));
    expect(titles[0]).toBe(true);
    expect(titles).toEqual([...titles].sort((a, b) => Number(b) - Number(a)));
  });

  it('resolves city and district accent-insensitively and keeps results inside them', () => {
    const { output } = search({ city: 'sao paulo', district: 'PINHEIROS' });
    expect(output.location).toMatchObject({ resolvedBy: 'district', district: 'Pinheiros', city: { name: 'São Paulo' } });
    expect(output.results.length).toBeGreaterThan(0);
    for (const r of output.results) expect(r.store.district).toBe('Pinheiros');
    const rio = search({ city: 'Rio de Janeiro, RJ' }).output;
    expect(rio.location.resolvedBy).toBe('city');
    expect(rio.results.length).toBeGreaterThan(0);
    expect(rio.results.every((r) => r.store.city === 'Rio de Janeiro')).toBe(true);
  });

  it('reads the short names Brazilians give big cities, and says so', () => {
    for (const [short, name] of [
      ['BH', 'Belo Horizonte'],
      ['Sampa', 'São Paulo'],
      ['Rio', 'Rio de Janeiro'],
      ['cwb', 'Curitiba'],
    ]) {
      const { output, isError } = search({ query: 'geladeira', city: short });
      expect(isError, short).toBe(false);
      expect(output.location.city?.name, short).toBe(name);
    }
    expect(search({ query: 'geladeira', city: 'cwb' }).output.message).toMatch(/Read "cwb" as Curitiba \(PR\)/);
    // A short name is only read where no city has that name.
    expect(search({ city: 'xyz' }).isError).toBe(true);
  });

  it('filters by category name or slug', () => {
    const byName = search({ category: 'Eletrônicos' }).output;
    const bySlug = search({ category: 'eletronicos' }).output;
    expect(byName.filters.category).toEqual({ name: 'Eletrônicos', slug: 'eletronicos' });
    expect(byName.results.length).toBeGreaterThan(0);
    expect(bySlug.results.map((r) => r.productId)).toEqual(byName.results.map((r) => r.productId));
    expect(byName.results.every((r) => r.category === 'Eletrônicos')).toBe(true);
  });

  it('orders by distance with coordinates, within the radius, nearest store of each merchant', () => {
    const at = { latitude: -23.5614, longitude: -46.6559 };
    const { output } = search({ ...at, radiusKm: 5 });
    expect(output.location).toMatchObject({ resolvedBy: 'coordinates', radiusKm: 5 });
    const distances = output.results.map((r) => r.store.distanceKm!);
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    for (const r of output.results) {
      const nearest = Math.min(...storesOf(r.productId).map((s) => distanceKm(at.latitude, at.longitude, s.latitude, s.longitude)));
      expect(r.store.distanceKm).toBeCloseTo(nearest, 2);
      expect(nearest).toBeLessThanOrEqual(5);
    }
    // Every product in stock within the radius that is nearer than the last result is in the results.
    const last = distances.at(-1)!;
    const nearer = sample.products.filter(
      (p) =>
        p.publishedAt !== null &&
        p.availability !== 'out_of_stock' &&
        storesOf(p.id).some((s) => distanceKm(at.latitude, at.longitude, s.latitude, s.longitude) < last - 1e-6),
    );
    expect(nearer.every((p) => output.results.some((r) => r.productId === p.id))).toBe(true);
  });

  it('says what it did not find and what to try, never another city silently', () => {
    const unknown = search({ city: 'Gotham' });
    expect(unknown.isError).toBe(true);
    expect(unknown.output.results).toEqual([]);
    expect(unknown.output.location.resolvedBy).toBe('unresolved');
    expect(unknown.output.message).toMatch(/No city named "Gotham".*São Paulo/);
    const none = search({ query: 'zzyzx' });
    expect(none.isError).toBe(false);
    expect(none.output.results).toEqual([]);
    expect(none.output.message).toMatch(/No products found.*Try/);
    expect(search({ category: 'Naves espaciais' }).output.message).toMatch(/No category/);
    expect(search({ latitude: -23.5 }).isError).toBe(true);
  });

  it('treats hostile text as words, ignoring stopwords and words past the eighth', () => {
    const { output, isError } = search({ query: 'fone de ouvido " OR * NEAR {title}: \u0000 a b c d e f g h i j' });
    // Quotes, operators, column filters and NUL are separators: only the words remain.
    expect(output.filters.terms).toEqual(['fone', 'ouvido', 'or', 'near', 'title', 'b', 'c', 'd']);
    expect(output.filters.ignoredTerms).toEqual(['de', 'a', 'e', 'f', 'g', 'h', 'i', 'j']);
    expect(isError).toBe(false);
    expect(output.message).toMatch(/Not searched: de, a, e, f, g, h, i, j\./);
  });
});

describe('search_local_products reads what Brazilian shoppers type (sample catalog)', () => {
  const titles = (input: SearchInput) => search(input).output.results.map((r) => r.title);
  it.each<[string, string, RegExp]>([
    // Plurals
    ['bicicletas', 'São Paulo', /^Bicicleta/],
    ['geladeiras', 'Curitiba', /^Geladeira/],
    ['fones de ouvido', 'São Paulo', /^Fone de Ouvido/],
    ['perfumes', 'São Paulo', /Perfume/],
    ['camisetas', 'São Paulo', /^Camiseta/],
    // Typos
    ['geladera', 'Curitiba', /^Geladeira/],
    ['smartfone', 'São Paulo', /^Smartphone/],
    ['notbook', 'São Paulo', /^Notebook/],
    // Synonyms, joined and split words, units, folding
    ['televisão', 'São Paulo', /Smart TV/],
    ['fritadeira elétrica', 'São Paulo', /^Air Fryer/],
    ['chinelo', 'São Paulo', /Havaianas/],
    ['airfryer', 'São Paulo', /^Air Fryer/],
    ['celular', 'São Paulo', /^Smartphone/],
    ['500 ml', 'São Paulo', /500ml/],
    ['ＴＶ', 'São Paulo', /Smart TV/],
    // What a shopper says around the thing
    ['procuro um bom fone', 'São Paulo', /^Fone de Ouvido/],
    ['preciso de um celular', 'São Paulo', /^Smartphone/],
    ['quero uma geladeira', 'Curitiba', /^Geladeira/],
  ])('"%s" in %s finds %s first', (query, city, first) => {
    const found = titles({ query, city });
    expect(found[0], JSON.stringify(found)).toMatch(first);
  });

  it('answers a query of symbols or emoji as having no words, not as a listing of the place', () => {
    for (const query of ['😀😀', '!!!']) {
      const { output, isError } = search({ query });
      expect(isError, query).toBe(true);
      expect(output.results).toEqual([]);
      expect(output.message).toMatch(/^No words to search for/);
    }
  });

  it('says which word it read as a typo', () => {
    const { output } = search({ query: 'geladera', city: 'Curitiba' });
    expect(output.filters.corrections).toEqual([{ from: 'geladera', to: 'geladeira' }]);
    expect(output.message).toMatch(/Showing results for "geladeira" for "geladera"/);
    // An exact word is never "corrected".
    expect(search({ query: 'geladeira', city: 'Curitiba' }).output.filters.corrections).toEqual([]);
  });

  it.each(['xyzzy', 'zzzzzz', 'qwerty', 'asdfgh', 'microondas', 'bicicletaxyz'])('invents nothing for "%s"', (query) => {
    for (const city of ['São Paulo', 'Curitiba', 'Rio de Janeiro']) expect(titles({ query, city })).toEqual([]);
  });
});

describe('search_local_products relaxes and reads places out of the query (sample catalog)', () => {
  it('says in its message what it read from the words, and prices as every price is shown', () => {
    const budget = search({ query: 'fone até 3 mil' }).output;
    expect(budget.message).toMatch(/priced up to R\$ 3\.000,00/);
    expect(budget.message).toMatch(/Read "até 3 mil" from the query \(filters\.price\)\./);
    const overruled = search({ query: 'fone barato', sort: 'popularity' }).output;
    expect(overruled.filters.sort).toEqual({ value: 'popularity', source: 'arguments' });
    expect(overruled.message).toMatch(/Read "barato" from the query, and left it to the arguments\./);
  });

  it('leaves out a word no product has, and a last word no product here has with the others, and says so', () => {
    const red = search({ query: 'tv vermelha' }).output;
    expect(red.results[0]?.title).toMatch(/Smart TV/);
    expect(red.filters.droppedTerms).toEqual(['vermelha']);
    expect(red.message).toMatch(/left out "vermelha"/);
    const blue = search({ query: 'bicicleta azul turquesa' }).output;
    expect(blue.results.length).toBeGreaterThan(0);
    for (const r of blue.results) expect(r.title).toMatch(/^Bicicleta/);
    expect(blue.filters.droppedTerms).toEqual(['turquesa', 'azul']);
    // Every word matching: nothing left out.
    expect(search({ query: 'fone bluetooth' }).output.filters.droppedTerms).toEqual([]);
  });

  it('labels each result with how it matched the words, best first, and says so when they differ', () => {
    const rank = ['all_words_in_title', 'all_words_in_name', 'all_words_in_text'];
    for (const query of ['fone bluetooth', 'sem fio', 'controle', 'cafe']) {
      const { results, message } = search({ query }).output;
      expect(results.length, query).toBeGreaterThan(0);
      const labels = results.map((r) => rank.indexOf(r.match!));
      expect(
        labels.every((l, i) => l >= 0 && (i === 0 || l >= labels[i - 1]!)),
        `${query}: ${labels}`,
      ).toBe(true);
      if (new Set(labels).size > 1) expect(message, query).toContain('How they match (results[].match)');
    }
    // Words of no synonym: in the title when the title has them, else not.
    for (const query of ['bluetooth', 'controle', 'sem fio']) {
      const { results } = search({ query }).output;
      for (const r of results) expect(r.match === 'all_words_in_title', r.title).toBe(foldKey(r.title).includes(query));
    }
    expect(search({ query: 'sem fio' }).output.message).toContain(
      'How they match (results[].match): 8 with every word in the title, 2 with',
    );
    // Words left out: some words only; no words: no label.
    expect(search({ query: 'tv vermelha' }).output.results.every((r) => r.match === 'some_words')).toBe(true);
    expect(search({ category: 'Eletrônicos' }).output.results.every((r) => r.match === null)).toBe(true);
  });

  it('never leaves out the first word, which names the thing: "zeppelin turbo" is not a search for "turbo"', () => {
    expect(search({ query: 'turbo' }).output.results.length).toBeGreaterThan(0);
    const { output } = search({ query: 'zeppelin turbo' });
    expect(output.results).toEqual([]);
    expect(output.filters.droppedTerms).toEqual([]);
  });

  it('states the total beside the page: exact when counted whole, "at least" past the count limit', () => {
    const few = search({ query: 'geladeira', city: 'Curitiba' }).output;
    expect(few.total.relation).toBe('eq');
    expect(few.total.value).toBe(few.results.length);
    const all = search({}).output;
    expect(all.results).toHaveLength(10);
    const saoPaulo = catalog.discovery.cities.find((c) => c.name === 'São Paulo')!;
    // The city's products are those in stock, listed, and those out of stock, left out: counted
    // only on the page where the in-stock ones end (out-of-stock.ts).
    expect(search({ includeOutOfStock: true }).output.total).toEqual({ value: saoPaulo.productsCount, relation: 'eq' });
    expect(all.leftOutOfStock).toBeNull();
    expect(all.message).not.toContain('out of stock');
    const inStock = all.total.value;
    expect(all.total.relation).toBe('eq');
    // A category's last in-stock page counts them: every match, less those in stock.
    let counted = 0;
    for (const { name: category } of catalog.discovery.categories) {
      let page = search({ category });
      while (typeof page.output.nextCursor === 'string') page = search({ category, cursor: page.output.nextCursor });
      const { total, leftOutOfStock } = page.output;
      if (total.relation !== 'eq' || total.value > SEARCH_DEPTH) continue;
      const every = search({ category, includeOutOfStock: true }).output.total;
      expect(leftOutOfStock, category).toEqual({ value: every.value - total.value, relation: 'eq' });
      counted += every.value > total.value ? 1 : 0;
    }
    expect(counted).toBeGreaterThan(0);
    expect(all.message).toMatch(new RegExp(`^Found 10 of ${inStock} matching products`));
    const near = search({ latitude: -23.5614, longitude: -46.6559, radiusKm: 3 }).output;
    expect(near.total.value).toBeGreaterThanOrEqual(near.results.length);
  });

  it('searches a city named in the query when no place is given, and only then', () => {
    const { output } = search({ query: 'geladeira em curitiba' });
    expect(output.location).toMatchObject({ resolvedBy: 'city', city: { name: 'Curitiba', state: 'PR' } });
    expect(output.filters.terms).toEqual(['geladeira']);
    expect(output.results[0]?.title).toMatch(/^Geladeira/);
    expect(output.message).toMatch(/read from the query/);
    expect(search({ query: 'fone rio de janeiro' }).output.location).toMatchObject({ city: { name: 'Rio de Janeiro' } });
    // A place argument wins: the words are then searched as words.
    const given = search({ query: 'geladeira em curitiba', city: 'São Paulo' }).output;
    expect(given.location.city?.name).toBe('São Paulo');
    expect(given.filters.terms).toEqual(['geladeira', 'curitiba']);
  });
});

describe('search_local_products says where to look instead (sample catalog)', () => {
  it('names the cities where the words do have matches when the place has none', () => {
    const { output } = search({ query: 'geladeira' });
    expect(output.results).toEqual([]);
    expect(output.message).toMatch(/Matches exist in Curitiba \(PR\)/);
    const near = search({ query: 'geladeira', latitude: -23.5614, longitude: -46.6559, radiusKm: 5 }).output;
    expect(near.message).toMatch(/nearest store with a match is [\d.]+ km away, in .*Curitiba \(PR\)/);
    // Nothing anywhere: no such sentence.
    expect(search({ query: 'xyzzy' }).output.message).not.toMatch(/Matches exist|nearest store/);
  });

  it('suggests districts close to an unknown one', () => {
    expect(search({ district: 'Itaim' }).output.message).toMatch(/Did you mean "Itaim Bibi" \(São Paulo\)/);
    expect(search({ district: 'Pinheros' }).output.message).toMatch(/Did you mean "Pinheiros"/);
    expect(search({ district: 'Zzzzzz' }).output.message).not.toMatch(/Did you mean/);
  });

  it("catalog_overview names each city's districts with the most products", () => {
    const overview = catalogOverview(catalog, SITE);
    const saoPaulo = overview.cities.find((c) => c.name === 'São Paulo')!;
    expect(saoPaulo.districts.length).toBeGreaterThan(5);
    expect(saoPaulo.districts.length).toBeLessThanOrEqual(12);
    expect(saoPaulo.districts).toContain('Vila Madalena');
  });
});
