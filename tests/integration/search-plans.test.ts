import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerContext } from '../../src/answers/context.ts';
import { getProduct } from '../../src/answers/product.ts';
import { OTHER_OFFERS_SHOWN } from '../../src/answers/product-schema.ts';
import type { CatalogReader } from '../../src/catalog-read/catalog-reader.ts';
import { foldKey, slugify } from '../../src/lib/text-keys.ts';
import { searchReaderOf } from '../../src/search/index-read/search-reader.ts';
import { searchLocalProducts } from '../../src/search/local/local-search.ts';
import type { SearchInput } from '../../src/search/local/local-search-schema.ts';
import { distanceKm } from '../../src/search/planner/geo.ts';
import { asksForAccessory } from '../../src/search/query/accessories.ts';
import type { SearchWord } from '../../src/search/query/vocabulary.ts';
import { expandWords } from '../../src/search/query/words.ts';
import { generatedCatalog, type PlainProduct, type PlainStore, wordsOf } from '../support/generated-catalog.ts';

/*
 * Every search plan against a brute-force answer computed here from the snapshot's plain tables.
 * 60,000 generated products: common words have far more matches than a plan reads whole, so the
 * popularity tiers, the several-words probe and the radius rings all run, not only the small
 * catalog's read-everything paths.
 */
const PRODUCTS = 60_000;

type Product = PlainProduct;

let catalog: CatalogReader;
let products: Product[];
let stores: PlainStore[];
let ctx: AnswerContext;
let remove: () => void;

/**
 * Every unit of the query matches: one of its alternatives (its forms, synonyms, joined or split
 * words, typo readings: index words that must all be there) is in the text, or (a typed word of
 * three letters on) a text word it begins. What a unit stands for is the matching's own business
 * (src/search/query/words.test.ts, the relevance tests); here the plans must find exactly the
 * products it defines, in order.
 */
const matches = (units: SearchWord[], textWords: Set<string>, prefixUnit: SearchWord | undefined) =>
  units.every(
    (u) =>
      u.alternatives.some((group) => group.every((w) => textWords.has(w))) ||
      (u === prefixUnit &&
        u.correctedTo === undefined &&
        !u.word.includes(' ') &&
        u.word.length >= 3 &&
        [...textWords].some((w) => w.startsWith(u.word))),
  );
/**
 * An exact group's match (src/search/query/words.ts, RANKED_COLUMNS): every unit by its exact
 * alternatives (not the words a partial last word only begins, nor a typo's other candidates), and
 * no product marked an accessory (its title's or category's first word) unless the units ask for one.
 */
const matchesExactly = (units: SearchWord[], textWords: Set<string>, product: Product) => {
  const exact = units.every((u) => (u.exact?.alternatives ?? u.alternatives).some((group) => group.every((w) => textWords.has(w))));
  return exact && (asksForAccessory(units) || !product.accessory);
};
/** Out-of-stock products (when included) after those in stock, then most viewed, most liked, lowest id. */
const byPopularity = (a: Product, b: Product) =>
  Number(a.outOfStock) - Number(b.outOfStock) || b.views - a.views || b.likes - a.likes || a.id - b.id;

/**
 * The answer by definition: filter everything, then order (search_local_products' `ordering`).
 * The words are those the search says it searched (stopwords such as "para" are left out).
 */
function expected(input: SearchInput, units: SearchWord[]): number[] {
  // The relaxation search_local_products states: the first word stays; later words no product has
  // are left out; when nothing matches them all, the first way of leaving one more out, from the
  // last, that finds something. Only the query's last word matches as a prefix.
  const prefixUnit = units.at(-1);
  const [head, ...rest] = units;
  const searched = head === undefined || head.docs === 0 ? units : [head, ...rest.filter((u) => u.docs > 0)];
  const all = allOf(input, searched, prefixUnit);
  if (all.length > 0 || searched.length < 2) return all;
  for (const unit of searched.slice(1).reverse()) {
    const found = allOf(
      input,
      searched.filter((u) => u !== unit),
      prefixUnit,
    );
    if (found.length > 0) return found;
  }
  return [];
}

/** The products every unit matches, in the search's order. */
function allOf(input: SearchInput, queryWords: SearchWord[], prefixUnit: SearchWord | undefined): number[] {
  const category = typeof input.category === 'string' ? slugify(input.category) : null;
  const candidates = products.filter(
    (p) =>
      matches(queryWords, p.words, prefixUnit) &&
      (category === null || p.categorySlug === category) &&
      (input.includeOutOfStock === true || !p.outOfStock),
  );
  if (input.latitude !== undefined) {
    const radius = input.radiusKm ?? 10;
    const nearest = new Map<number, number>();
    for (const s of stores) {
      const d = distanceKm(input.latitude, input.longitude!, s.latitude, s.longitude);
      if (d <= radius && d < (nearest.get(s.merchantId) ?? Infinity)) nearest.set(s.merchantId, d);
    }
    return candidates
      .filter((p) => nearest.has(p.merchantId))
      .sort((a, b) => nearest.get(a.merchantId)! - nearest.get(b.merchantId)! || byPopularity(a, b))
      .slice(0, 10)
      .map((p) => p.id);
  }
  const city = foldKey(input.city ?? 'São Paulo');
  const district = input.district ? foldKey(input.district) : null;
  const inPlace = new Set(
    stores.filter((s) => foldKey(s.city) === city && (district === null || foldKey(s.district) === district)).map((s) => s.merchantId),
  );
  // The ranking groups (src/search/planner/request.ts, RANKING_GROUPS), each product in the first it matches.
  const groups: ((p: Product) => boolean)[] = [
    (p) => matchesExactly(queryWords, p.titleWords, p),
    (p) => matches(queryWords, p.titleWords, prefixUnit),
    (p) => matchesExactly(queryWords, p.namingWords, p),
    (p) => matches(queryWords, p.namingWords, prefixUnit),
    () => true,
  ];
  let left = candidates.filter((p) => inPlace.has(p.merchantId));
  const ranked: Product[] = [];
  for (const inGroup of groups) {
    ranked.push(...left.filter(inGroup).sort(byPopularity));
    left = left.filter((p) => !inGroup(p));
  }
  return ranked.slice(0, 10).map((p) => p.id);
}

/** The out-of-stock products the words match in the place: what a search that leaves them out counts (leftOutOfStock). */
function outOfStockMatches(input: SearchInput, units: SearchWord[]): number {
  const category = typeof input.category === 'string' ? slugify(input.category) : null;
  const merchants = new Set(
    stores
      .filter((s) =>
        input.latitude !== undefined
          ? distanceKm(input.latitude, input.longitude!, s.latitude, s.longitude) <= (input.radiusKm ?? 10)
          : foldKey(s.city) === foldKey(input.city ?? 'São Paulo') && (!input.district || foldKey(s.district) === foldKey(input.district)),
      )
      .map((s) => s.merchantId),
  );
  return products.filter(
    (p) =>
      p.outOfStock &&
      merchants.has(p.merchantId) &&
      matches(units, p.words, units.at(-1)) &&
      (category === null || p.categorySlug === category),
  ).length;
}

beforeAll(async () => {
  ({ catalog, ctx, products, stores, remove } = await generatedCatalog(PRODUCTS, 11));
}, 120_000);

afterAll(() => remove?.());

/** Words by how many products have them anywhere, and in title, category or brand, from the generated text itself. */
function wordsByFrequency(): [word: string, products: number, titles: number][] {
  const counts = new Map<string, [number, number]>();
  for (const p of products) {
    for (const w of p.words) {
      const c = counts.get(w) ?? [0, 0];
      c[0] += 1;
      if (p.namingWords.has(w)) c[1] += 1;
      counts.set(w, c);
    }
  }
  // Stopwords ("para") are not searched: leave them out.
  return [...counts]
    .filter(([w]) => /^\p{L}{4,}$/u.test(w) && w !== 'para')
    .map(([w, [n, t]]): [string, number, number] => [w, n, t])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** A typo: the two letters after the first swapped ("geladeira" → "glaedeira"). */
const transposed = (word: string) => word[0]! + word[2]! + word[1]! + word.slice(3);

describe('search plans against the brute-force answer (60,000 products)', () => {
  it('finds the same products in the same order for every kind of search', () => {
    const frequent = wordsByFrequency();
    const common = frequent.filter(([, n]) => n > 10_000).map(([w]) => w);
    const titled = frequent.filter(([, , t]) => t > 6_000).map(([w]) => w);
    const rare = frequent.filter(([, n]) => n >= 20 && n <= 200).map(([w]) => w);
    // In many descriptions, few names: the title groups are read in the small tiers, then whole
    // (place-plans.ts, wholeReadIsCheaper) rather than through the large tiers.
    const sparse = frequent.filter(([, n, t]) => n > 5_500 && t > 0 && t <= 400).map(([w]) => w);
    expect(sparse.length).toBeGreaterThan(0);
    expect(common.length).toBeGreaterThan(3);
    expect(titled.length).toBeGreaterThan(0);
    expect(rare.length).toBeGreaterThan(3);
    // A title word that begins other title words ("cafe", "cafeteira"): as the last word it matches
    // them too, ranked after the titles that have it (the exact group).
    const reader = searchReaderOf(catalog);
    const [beginning] = frequent
      .map(([w]) => expandWords(reader, [w])[0]!)
      .filter((u) => u.exact !== undefined && u.exact.titleDocs > 0 && u.titleDocs > u.exact.titleDocs)
      .map((u) => u.word);
    expect(beginning).toBeDefined();
    // Title words of many accessories and many things ("samsung": the phones and their cases): an
    // exact group leaves the accessories out of each tier, and its next group ranks them after.
    const titles = new Map<string, [things: number, accessories: number]>();
    for (const p of products) {
      for (const w of p.titleWords) {
        const c = titles.get(w) ?? [0, 0];
        c[p.accessory ? 1 : 0] += 1;
        titles.set(w, c);
      }
    }
    const shared = [...titles].filter(([w, [things, accessories]]) => w.length >= 4 && things > 200 && accessories > 200).map(([w]) => w);
    expect(shared.length).toBeGreaterThan(1);
    const [pinheiros] = stores.filter((s) => s.district === 'Pinheiros');
    expect(pinheiros).toBeDefined();
    const near = { latitude: pinheiros!.latitude, longitude: pinheiros!.longitude };

    const inputs: SearchInput[] = [
      {},
      { query: common[0] },
      { query: titled[0] },
      { query: rare[0] },
      { query: `${common[1]} ${common[2]}` },
      { query: `${common[0]} ${rare[1]}` },
      { query: titled[0]!.slice(0, 4) },
      { query: beginning },
      { query: `${common[0]} ${beginning}`, city: 'Rio de Janeiro' },
      { category: 'Eletrônicos' },
      { category: catalog.discovery.categories[1]!.name, query: common[3] },
      { city: 'São Paulo', district: 'Pinheiros' },
      { district: 'Pinheiros', query: common[1] },
      { city: 'Rio de Janeiro', query: titled[0] },
      { query: sparse[0] },
      { query: `${common[1]} ${sparse[0]}` },
      { ...near, radiusKm: 2 },
      { ...near, radiusKm: 5, query: common[0] },
      { ...near, radiusKm: 10, query: rare[2] },
      { ...near, radiusKm: 25, category: 'Eletrônicos' },
      // The matching of plurals, typos and synonyms, through the same plans.
      { query: `${common[0]}s` },
      { query: `${rare[0]}s`, city: 'Rio de Janeiro' },
      { query: transposed(titled[0]!) },
      { query: `${transposed(rare[1]!)} ${common[1]}` },
      { query: 'celulares' },
      ...shared.map((query) => ({ query })),
      { query: shared[0], district: 'Pinheiros' },
      // A query that asks for an accessory ("capa"), with a word that has exact alternatives.
      ...shared.filter((w) => expandWords(reader, [w])[0]!.exact !== undefined).map((w) => ({ query: `capa ${w}` })),
      { query: 'televisao', district: 'Pinheiros' },
      { ...near, radiusKm: 10, query: transposed(common[2]!) },
      // Out-of-stock products included, after those in stock in each ranking group.
      { query: common[0], includeOutOfStock: true },
      { query: rare[0], includeOutOfStock: true },
      { query: sparse[0], includeOutOfStock: true },
      { category: 'Eletrônicos', district: 'Pinheiros', includeOutOfStock: true },
      { ...near, radiusKm: 5, query: common[0], includeOutOfStock: true },
      { ...near, radiusKm: 10, query: rare[2], includeOutOfStock: true },
      { ...near, radiusKm: 3, query: rare[4] },
      { ...near, radiusKm: 50, query: `${rare[3]} ${common[0]}` },
    ];
    let leftOutCounted = 0;
    for (const input of inputs) {
      const { output, isError } = searchLocalProducts(ctx, input);
      expect(isError, JSON.stringify(input)).toBe(false);
      expect(output.filters.terms).toEqual(input.query ? [...wordsOf(input.query)] : []);
      const units = expandWords(searchReaderOf(catalog), output.filters.terms);
      expect(
        output.results.map((r) => r.productId),
        JSON.stringify(input),
      ).toEqual(expected(input, units));
      expect(output.results.every((r) => r.availability !== 'out_of_stock') || input.includeOutOfStock).toBe(true);
      // The out-of-stock matches left out in the place: exactly, or at least (a count's cap, or
      // in a circle those its plan read).
      const left = output.leftOutOfStock;
      if (input.includeOutOfStock) expect(left).toBeNull();
      else if (left) {
        const want = outOfStockMatches(
          input,
          units.filter((u) => !output.filters.droppedTerms.includes(u.word)),
        );
        if (left.relation === 'eq') expect(left.value, JSON.stringify(input)).toBe(want);
        else expect(left.value, JSON.stringify(input)).toBeLessThanOrEqual(want);
        if (left.value > 0) leftOutCounted += 1;
      }
    }
    expect(leftOutCounted).toBeGreaterThan(5);
    // The typo inputs were read as typos, and found something.
    const typo = searchLocalProducts(ctx, { query: transposed(titled[0]!) }).output;
    expect(typo.filters.corrections).toEqual([{ from: transposed(titled[0]!), to: titled[0] }]);
    expect(typo.results.length).toBeGreaterThan(0);
  });
});

describe('the same product elsewhere, on 60,000 products', () => {
  it('lists the cheapest other offers of the most shared GTIN and counts them all', () => {
    const byGtin = new Map<string, Product[]>();
    for (const p of products) if (p.gtin !== null) byGtin.set(p.gtin, [...(byGtin.get(p.gtin) ?? []), p]);
    const [, sharing] = [...byGtin].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(sharing.length).toBeGreaterThan(OTHER_OFFERS_SHOWN + 1);
    const product = sharing[sharing.length >> 1]!;
    const found = getProduct(ctx, product.id);
    if (!('output' in found)) throw new Error(found.message);
    const others = sharing.filter((p) => p.id !== product.id).sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
    expect(found.output.otherOffers.total).toBe(others.length);
    expect(found.output.otherOffers.offers.map((o) => o.productId)).toEqual(others.slice(0, OTHER_OFFERS_SHOWN).map((p) => p.id));
  });
});
