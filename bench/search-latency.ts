/**
 * Server-side latency of search_local_products per query class on a built snapshot, beside the
 * naive plan (every match ranked by bm25(), then filtered) on the same inputs in the same run;
 * and get_product. Words are drawn from the snapshot's own index: common ones (in more than 3% of
 * products) and rare ones (in at most 0.3%).
 */
import Database from 'better-sqlite3';
import { searchLocalProducts } from '../src/answers/local-search.ts';
import type { SearchInput } from '../src/answers/local-search-schema.ts';
import { getProduct } from '../src/answers/product.ts';
import { type CatalogReader, openCatalog } from '../src/catalog/catalog-reader.ts';
import { slugify } from '../src/lib/text-keys.ts';
import { boundingBox, distanceKm } from '../src/search/planner/geo.ts';
import { resolvePlace } from '../src/search/planner/place.ts';
import { searchTerms } from '../src/search/query/words.ts';
import { percentile } from './support/figures.ts';
import { benchToolContext } from './support/tool-context.ts';

export interface LatencyRow {
  label: string;
  ours: { p50: number; p95: number };
  naive?: { p50: number; p95: number };
}

function time(runs: number, inputs: unknown[], fn: (input: never) => unknown) {
  for (let i = 0; i < Math.min(20, runs); i++) fn(inputs[i % inputs.length] as never);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn(inputs[i % inputs.length] as never);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Words by document frequency, from the index's vocabulary (a temp table: the snapshot stays read-only). */
function vocabulary(file: string, min: number, max: number, count: number): string[] {
  const db = new Database(file, { readonly: true });
  db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'products_fts', 'row')");
  // Letters only: the filter tokens (m17, c3, p1…) have digits.
  const words = db
    .prepare(
      "SELECT term FROM temp.vocab WHERE doc BETWEEN ? AND ? AND length(term) >= 4 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC LIMIT ?",
    )
    .pluck()
    .all(min, max, count) as string[];
  db.close();
  return words;
}

/**
 * The naive plan: every match of the words (FTS5 prefix queries) and the category, ordered by
 * bm25(), the place checked per match in SQL (city, district) or by distance (coordinates).
 */
function naiveSearch(catalog: CatalogReader, input: SearchInput): unknown {
  const reader = catalog.discovery;
  const place = resolvePlace(reader, input);
  if (place.kind === 'unresolved') return [];
  const terms = input.query ? searchTerms(input.query).terms : [];
  const category = input.category ? reader.categoryBySlug(slugify(input.category)) : undefined;
  const clauses = terms.length > 0 ? [`{title description category brand} : (${terms.map((t) => `"${t}"*`).join(' AND ')})`] : [];
  // No words and no category: every product (each is in one category).
  clauses.push(`facets : (${category ? `k${category.id}` : reader.categories.map((c) => `k${c.id}`).join(' OR ')})`);
  const expression = clauses.join(' AND ');
  if (place.kind === 'coordinates') {
    const [a, b, c, d] = boundingBox(place.latitude, place.longitude, place.radiusKm);
    const near = new Set<number>();
    for (const [, merchantId, lat, lon] of reader.storePointsInBox(a, b, c, d)) {
      if (distanceKm(place.latitude, place.longitude, lat, lon) <= place.radiusKm) near.add(merchantId);
    }
    return reader
      .matchesByRelevance(expression, null, 1_000_000)
      .filter((m) => near.has(m[1]))
      .slice(0, 10);
  }
  return reader.matchesByRelevance(expression, place.kind === 'district' ? `d${place.district.id}` : `c${place.city.id}`, 10);
}

/** The tools' context on an opened snapshot, as the benchmarks call them. */
export function benchSearchLatency(snapshot: string, runs = 200, naiveRuns = Math.max(20, Math.floor(runs / 4))): LatencyRow[] {
  const catalog = openCatalog(snapshot);
  const ctx = benchToolContext(catalog);
  const total = catalog.discovery.counts.products;
  const common = vocabulary(snapshot, Math.floor(total * 0.03), total, 12);
  const rare = vocabulary(snapshot, 5, Math.max(5, Math.floor(total * 0.003)), 40);
  if (common.length === 0 || rare.length === 0) throw new Error('the snapshot is too small for the search benchmark');
  const districts = catalog.discovery
    .districtsOfCity(catalog.discovery.cities.find((c) => c.name === 'São Paulo')!.id, 40)
    .map((d) => d.name);
  const categories = catalog.discovery.categories.map((c) => c.name);
  const points: [number, number][] = catalog.discovery
    .storesOfMerchant(1)
    .concat(catalog.discovery.storesOfMerchant(2))
    .map((s) => [s.latitude, s.longitude]);
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;

  const classes: [string, SearchInput[]][] = [
    ['common word', common.map((w) => ({ query: w }))],
    ['rare word', rare.map((w) => ({ query: w }))],
    [
      'several words',
      common
        .map((w, i) => ({ query: `${w} ${pick(common, i + 3)} ${pick(rare, i)}`.slice(0, 60) }))
        .concat(common.map((w, i) => ({ query: `${w} ${pick(common, i + 5)}` }))),
    ],
    ['category only', categories.map((category) => ({ category }))],
    ['city + district', districts.map((district, i) => ({ city: 'São Paulo', district, query: i % 2 ? pick(common, i) : undefined }))],
    [
      'coordinates + radius',
      points.map(([latitude, longitude], i) => ({
        latitude,
        longitude,
        radiusKm: [2, 5, 10, 25][i % 4],
        query: i % 2 ? pick(common, i) : undefined,
      })),
    ],
    [
      'no query',
      catalog.discovery.cities
        .slice(0, 8)
        .map((c): SearchInput => ({ city: `${c.name}, ${c.state}` }))
        .concat([{}]),
    ],
  ];
  // The matching's own classes (src/search/): the naive plan has no such matching to compare with.
  const swapped = (w: string) => w[0]! + w[2]! + w[1]! + w.slice(3);
  const matching: [string, SearchInput[]][] = [
    ['plural', [...common, ...rare].map((w) => ({ query: `${w}s` }))],
    ['typo', [...common, ...rare].filter((w) => w.length >= 5).map((w) => ({ query: swapped(w) }))],
    ['synonym', ['televisao', 'celulares', 'refrigerador', 'laptop', 'fritadeira eletrica', 'headphone'].map((query) => ({ query }))],
  ];
  const rows: LatencyRow[] = [
    ...classes.map(([label, inputs]) => ({
      label,
      ours: time(runs, inputs, (input: SearchInput) => searchLocalProducts(ctx, input)),
      ...(naiveRuns > 0 ? { naive: time(naiveRuns, inputs, (input: SearchInput) => naiveSearch(catalog, input)) } : {}),
    })),
    ...matching.map(([label, inputs]) => ({ label, ours: time(runs, inputs, (input: SearchInput) => searchLocalProducts(ctx, input)) })),
  ];
  const ids = Array.from({ length: 500 }, (_, i) => 1 + ((i * 7919) % total));
  rows.push({ label: 'get_product', ours: time(runs * 5, ids, (id: number) => getProduct(ctx, id)) });
  return rows;
}
