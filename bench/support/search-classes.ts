/**
 * The query classes of the search benchmarks, as search_local_products arguments: the million-product
 * latency table (bench/search-latency.ts) and the side-by-side with another engine
 * (bench/search-peer.ts) both draw their inputs here, from a built snapshot.
 */
import Database from 'better-sqlite3';
import type { CatalogReader } from '../../src/catalog-read/catalog-reader.ts';
import { foldKey } from '../../src/lib/text-keys.ts';
import type { SearchInput } from '../../src/search/local/local-search-schema.ts';
import { searchTerms } from '../../src/search/query/words.ts';

/** The arguments of issue 31 a class exercises. */
export type FilterArgument = 'minPrice' | 'maxPrice' | 'brand' | 'sort' | 'cursor' | 'priceDropped';

export interface SearchClass {
  label: string;
  inputs: SearchInput[];
  /** The page timed, 1-based; earlier pages are followed untimed (by cursor, or an offset for a peer). */
  page?: number;
  /**
   * Issue 31's arguments the class exercises: its answers are checked against them (checkResults),
   * and the naive plan, which has none of them, is left out.
   */
  needs?: FilterArgument[];
}

/** What the classes are drawn from: the snapshot's own words, places, categories and brands. JSON-safe. */
export interface CatalogSamples {
  /** Words in more than 3% of products, most frequent first, that the search does not skip. */
  common: string[];
  /** Words in at most 0.3% of products (at least 5). */
  rare: string[];
  /** Districts of São Paulo, most products first. */
  districts: string[];
  categories: string[];
  /** Brands with the most products, each with the first title word most of its products share ("Smartphone"). */
  brands: { name: string; kind: string }[];
  /** Store points (merchants 1 and 2). */
  points: [latitude: number, longitude: number][];
  /** Cities, most products first, as "Name, ST". */
  cities: string[];
  /** Published products spread over the ids: what similarTo is asked about. */
  products: number[];
}

/** Words by document frequency, from the index's vocabulary (a temp table: the snapshot stays read-only). */
function vocabulary(db: Database.Database, min: number, max: number, count: number): string[] {
  // Letters only: the facet tokens (m17, c3t2, k1…) have digits.
  return db
    .prepare(
      "SELECT term FROM temp.vocab WHERE doc BETWEEN ? AND ? AND length(term) >= 4 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC LIMIT ?",
    )
    .pluck()
    .all(min, max, count) as string[];
}

/** The most common first word of a brand's titles, folded: what shoppers put before the brand. */
function kindOfBrand(db: Database.Database, brand: string): string {
  const titles = db
    .prepare('SELECT title FROM products WHERE brand = ? AND published_at IS NOT NULL LIMIT 200')
    .pluck()
    .all(brand) as string[];
  const counts = new Map<string, number>();
  for (const title of titles) {
    const first = foldKey(title).split(/[^\p{L}\p{N}]+/u)[0] ?? '';
    if (first.length >= 3) counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
}

export function drawSamples(snapshot: string, catalog: CatalogReader): CatalogSamples {
  const total = catalog.discovery.counts.products;
  const db = new Database(snapshot, { readonly: true });
  let samples: Omit<CatalogSamples, 'districts' | 'categories' | 'points' | 'cities'>;
  try {
    db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'products_fts', 'row')");
    // A "common word" the search skips (a stopword such as "para") would time nothing.
    const common = vocabulary(db, Math.floor(total * 0.03), total, 16)
      .filter((w) => searchTerms(w).terms.length === 1)
      .slice(0, 12);
    const rare = vocabulary(db, 5, Math.max(5, Math.floor(total * 0.003)), 40);
    const brands = (
      db
        .prepare('SELECT brand FROM products WHERE published_at IS NOT NULL GROUP BY brand ORDER BY count(*) DESC, brand LIMIT 12')
        .pluck()
        .all() as string[]
    ).map((name) => ({ name, kind: kindOfBrand(db, name) }));
    const step = Math.max(1, Math.floor(total / 24));
    const products = db
      .prepare('SELECT id FROM products WHERE published_at IS NOT NULL AND id % ? = 1 ORDER BY id LIMIT 24')
      .pluck()
      .all(step) as number[];
    samples = { common, rare, brands, products };
  } finally {
    db.close();
  }
  if (samples.common.length === 0 || samples.rare.length === 0) throw new Error('the snapshot is too small for the search benchmark');
  const reader = catalog.discovery;
  return {
    ...samples,
    districts: reader.districtsOfCity(reader.cities.find((c) => c.name === 'São Paulo')!.id, 40).map((d) => d.name),
    categories: reader.categories.map((c) => c.name),
    points: reader
      .storesOfMerchant(1)
      .concat(reader.storesOfMerchant(2))
      .map((s) => [s.latitude, s.longitude]),
    cities: reader.cities.slice(0, 8).map((c) => `${c.name}, ${c.state}`),
  };
}

/** Budgets in reais, [min, max], either end open: bands of the generated catalog's prices (median about R$ 270). */
const PRICE_RANGES: [number | undefined, number | undefined][] = [
  [50, 200],
  [100, 500],
  [undefined, 300],
  [200, 1000],
  [1000, 3000],
  [2000, undefined],
];

/**
 * Every class, in table order. The first ones are the side-by-side's (PEER_CLASSES); "coordinates +
 * radius", "no query" and the matching's own classes (plural, typo, synonym) are ours alone.
 */
export function searchClasses(s: CatalogSamples): SearchClass[] {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const { common, rare } = s;
  return [
    { label: 'common word', inputs: common.map((w) => ({ query: w })) },
    { label: 'rare word', inputs: rare.map((w) => ({ query: w })) },
    {
      label: 'several words',
      inputs: common
        .map((w, i) => ({ query: `${w} ${pick(common, i + 3)} ${pick(rare, i)}`.slice(0, 60) }))
        .concat(common.map((w, i) => ({ query: `${w} ${pick(common, i + 5)}` }))),
    },
    { label: 'category only', inputs: s.categories.map((category) => ({ category })) },
    {
      label: 'city + district',
      inputs: s.districts.map((district, i) => ({ city: 'São Paulo', district, query: i % 2 ? pick(common, i) : undefined })),
    },
    {
      label: 'price range',
      needs: ['minPrice', 'maxPrice'],
      inputs: common.map((w, i) => {
        const [minPrice, maxPrice] = pick(PRICE_RANGES, i);
        return { query: w, minPrice, maxPrice };
      }),
    },
    {
      label: 'sort by price',
      needs: ['sort'],
      inputs: common.map((w, i) => ({ query: w, sort: i % 2 ? ('price_desc' as const) : ('price_asc' as const) })),
    },
    {
      label: 'brand filter',
      needs: ['brand'],
      inputs: s.brands.map(({ name, kind }, i) => (i % 2 ? { brand: name } : { brand: name, query: kind })),
    },
    {
      label: 'sort by distance',
      needs: ['sort'],
      inputs: s.points.map(([latitude, longitude], i) => ({
        latitude,
        longitude,
        radiusKm: pick([2, 5, 10, 25], i),
        query: pick(common, i),
        sort: 'distance' as const,
      })),
    },
    { label: 'fifth page', needs: ['cursor'], page: 5, inputs: common.map((w) => ({ query: w })) },
    {
      label: 'coordinates + radius',
      inputs: s.points.map(([latitude, longitude], i) => ({
        latitude,
        longitude,
        radiusKm: pick([2, 5, 10, 25], i),
        query: i % 2 ? pick(common, i) : undefined,
      })),
    },
    { label: 'no query', inputs: [...s.cities.map((city): SearchInput => ({ city })), {}] },
    // Out-of-stock products are left out by default (every class above); here they are read too, last.
    { label: 'common word + out of stock', inputs: common.map((w) => ({ query: w, includeOutOfStock: true })) },
    // Real price drops (docs/price-history.md): drops only when the catalog has past prices (--history-days).
    {
      label: 'price dropped',
      needs: ['priceDropped'],
      inputs: [{ priceDropped: true }, ...common.map((w) => ({ query: w, priceDropped: true }))],
    },
    {
      label: 'sort by drop',
      needs: ['sort'],
      inputs: [{ sort: 'price_drop' as const }, ...common.map((w) => ({ query: w, sort: 'price_drop' as const }))],
    },
    {
      label: 'similar to',
      inputs: s.products.map((similarTo, i) => (i % 3 === 2 ? { similarTo, sort: 'price_asc' as const } : { similarTo })),
    },
  ];
}

/** The classes run beside another engine (issue 31): the first ten of searchClasses. */
export const PEER_CLASSES = [
  'common word',
  'rare word',
  'several words',
  'category only',
  'city + district',
  'price range',
  'sort by price',
  'brand filter',
  'sort by distance',
  'fifth page',
];

/** A result as the checks read it, from either engine. */
export interface CheckedResult {
  priceCents: number;
  brand: string;
  distanceKm?: number | undefined;
}

/**
 * What in a page of results shows that a class's argument was not applied (a price out of the
 * range, another brand, prices or distances out of order), or null. Both engines' answers are
 * checked, so neither is timed doing less than asked.
 */
export function checkResults(input: SearchInput, results: CheckedResult[]): string | null {
  const min = input.minPrice === undefined ? 0 : Math.round(input.minPrice * 100);
  const max = input.maxPrice === undefined ? Number.POSITIVE_INFINITY : Math.round(input.maxPrice * 100);
  for (const r of results) {
    if (r.priceCents < min || r.priceCents > max) return `a price of ${r.priceCents / 100} outside ${input.minPrice}–${input.maxPrice}`;
    if (input.brand !== undefined && foldKey(r.brand) !== foldKey(input.brand)) return `brand ${r.brand} for ${input.brand}`;
  }
  const inOrder = (values: number[], ascending: boolean) =>
    values.every((v, i) => i === 0 || (ascending ? v >= values[i - 1]! : v <= values[i - 1]!));
  if (
    input.sort === 'price_asc' &&
    !inOrder(
      results.map((r) => r.priceCents),
      true,
    )
  )
    return 'prices not in ascending order';
  if (
    input.sort === 'price_desc' &&
    !inOrder(
      results.map((r) => r.priceCents),
      false,
    )
  )
    return 'prices not in descending order';
  if (input.sort === 'distance') {
    const km = results.map((r) => r.distanceKm ?? Number.NaN);
    if (km.some(Number.isNaN) || !inOrder(km, true)) return 'distances missing or not in ascending order';
  }
  return null;
}
