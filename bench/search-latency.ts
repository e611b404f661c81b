/**
 * Server-side latency of search_local_products per query class on a built snapshot, beside the
 * naive plan (every match ranked by bm25(), then filtered) on the same inputs in the same run;
 * and get_product. Words are drawn from the snapshot's own index: common ones (in more than 3% of
 * products) and rare ones (in at most 0.3%). The classes are bench/support/search-classes.ts's.
 */
import Database from 'better-sqlite3';
import type { AnswerContext } from '../src/answers/context.ts';
import { getProduct } from '../src/answers/product.ts';
import { type CatalogReader, openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { slugify } from '../src/lib/text-keys.ts';
import { searchReaderOf } from '../src/search/index-read/search-reader.ts';
import { searchLocalProducts } from '../src/search/local/local-search.ts';
import type { SearchInput } from '../src/search/local/local-search-schema.ts';
import { boundingBox, distanceKm } from '../src/search/planner/geo.ts';
import { resolvePlace } from '../src/search/planner/place.ts';
import { searchTerms } from '../src/search/query/words.ts';
import { checkResults, drawSamples, type SearchClass, searchClasses } from './support/search-classes.ts';
import { type Latency, type TimingOptions, timeCalls } from './support/timing.ts';
import { benchToolContext } from './support/tool-context.ts';

export interface LatencyRow {
  label: string;
  /** Absent when the class could not run (`notMeasured` says why). */
  ours?: Latency;
  notMeasured?: string;
  /** Each input's number of matches, in class order (the answer's total; "≥" when counting stopped). */
  matches?: string[];
  /** A class whose answers did not do what was asked (checkResults): timed all the same. */
  warning?: string;
  naive?: { p50: number; p95: number };
}

/**
 * The naive plan: every match of the words (FTS5 prefix queries) and the category, ordered by
 * bm25(), the place checked per match in SQL (city, district) or by distance (coordinates).
 */
function naiveSearch(catalog: CatalogReader, input: SearchInput): unknown {
  const reader = searchReaderOf(catalog);
  const place = resolvePlace(reader, input);
  if (place.kind === 'unresolved') return [];
  const terms = input.query ? searchTerms(input.query, reader).terms : [];
  const category = typeof input.category === 'string' ? reader.categoryBySlug(slugify(input.category)) : undefined;
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

const search = (ctx: AnswerContext, input: SearchInput) => searchLocalProducts(ctx, input);

/**
 * The inputs as timed, with their place in the class: for a later page, each input with the cursor
 * of that page (the pages before it followed untimed); an input whose answers end sooner is left out.
 */
function pagedInputs(ctx: AnswerContext, cls: SearchClass): { index: number; input: SearchInput }[] {
  return cls.inputs.flatMap((input, index) => {
    let cursor: string | undefined;
    for (let page = 1; page < (cls.page ?? 1); page++) {
      const next = search(ctx, cursor === undefined ? input : { ...input, cursor }).output.nextCursor;
      if (typeof next !== 'string') return [];
      cursor = next;
    }
    return [{ index, input: cursor === undefined ? input : { ...input, cursor } }];
  });
}

/** What in the class's answers is not what was asked (an error, or checkResults), or null. */
function wrongAnswers(ctx: AnswerContext, inputs: SearchInput[]): string | null {
  for (const input of inputs) {
    const { output, isError } = search(ctx, input);
    if (isError) return `an error for ${JSON.stringify(input)}: ${output.message}`;
    const wrong = checkResults(
      input,
      output.results.map((r) => ({ priceCents: r.price.cents, brand: r.brand, distanceKm: r.store.distanceKm })),
    );
    if (wrong !== null) return `${wrong} for ${JSON.stringify(input)}`;
  }
  return null;
}

/** One class of search_local_products on an opened snapshot: its latency, or why it was not measured. */
export function measureOurClass(ctx: AnswerContext, cls: SearchClass, timing: TimingOptions): Omit<LatencyRow, 'label' | 'naive'> {
  const inputs = pagedInputs(ctx, cls);
  if (inputs.length === 0) return { notMeasured: `no input has a page ${cls.page}` };
  // The classes of issue 31's arguments are checked: the others' answers are what the search gives.
  const warning = cls.needs
    ? wrongAnswers(
        ctx,
        inputs.map((i) => i.input),
      )
    : null;
  // Each input's total as the timed calls found it: how many matches the class's queries have.
  const matches = cls.inputs.map(() => '—');
  const ours = timeCalls(
    inputs,
    ({ index, input }) => {
      const { value, relation } = search(ctx, input).output.total;
      matches[index] = `${relation === 'gte' ? '≥' : ''}${value}`;
    },
    timing,
  );
  return { ours, matches, ...(warning === null ? {} : { warning }) };
}

/** The tools' context on an opened snapshot, as the benchmarks call them. */
export function benchSearchLatency(snapshot: string, runs = 200, naiveRuns = Math.max(20, Math.floor(runs / 4))): LatencyRow[] {
  const catalog = openCatalog(snapshot);
  const ctx = benchToolContext(catalog);
  const total = catalog.discovery.counts.products;
  const samples = drawSamples(snapshot, catalog);
  const { common, rare } = samples;
  // The matching's own classes (src/search/): the naive plan has no such matching to compare with.
  const swapped = (w: string) => w[0]! + w[2]! + w[1]! + w.slice(3);
  const matching: SearchClass[] = [
    { label: 'plural', inputs: [...common, ...rare].map((w) => ({ query: `${w}s` })) },
    { label: 'typo', inputs: [...common, ...rare].filter((w) => w.length >= 5).map((w) => ({ query: swapped(w) })) },
    {
      label: 'synonym',
      inputs: ['televisao', 'celulares', 'refrigerador', 'laptop', 'fritadeira eletrica', 'headphone'].map((query) => ({ query })),
    },
  ];
  const rows: LatencyRow[] = [...searchClasses(samples), ...matching].map((cls) => {
    const row: LatencyRow = { label: cls.label, ...measureOurClass(ctx, cls, { runs }) };
    // The naive plan only for the classes of the table before issue 31 (no filters, no order, no pages).
    const naive = naiveRuns > 0 && cls.needs === undefined && !matching.includes(cls);
    if (naive) row.naive = timeCalls(cls.inputs, (input: SearchInput) => naiveSearch(catalog, input), { runs: naiveRuns });
    return row;
  });
  const ids = Array.from({ length: 500 }, (_, i) => 1 + ((i * 7919) % total));
  rows.push({ label: 'get_product', ours: timeCalls(ids, (id: number) => getProduct(ctx, id), { runs: runs * 5 }) });
  // Products whose GTIN other merchants sell too: the answer lists those offers, the nearest store
  // of each merchant to a district when one is given.
  const shared = sharedGtinProducts(snapshot);
  if (shared.length > 0) {
    const near = samples.districts.map((district) => ({ city: 'São Paulo', district }));
    const calls = shared.map((id, i) => ({ id, near: i % 2 ? near[i % near.length] : undefined }));
    rows.push({
      label: 'get_product, other offers',
      ours: timeCalls(calls, ({ id, near }) => getProduct(ctx, id, near), { runs: runs * 5 }),
    });
  }
  return rows;
}

/** Up to 500 published products sharing their GTIN with another, spread over the catalog. */
function sharedGtinProducts(snapshot: string): number[] {
  const db = new Database(snapshot, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT p.id FROM products p WHERE p.gtin IS NOT NULL AND p.published_at IS NOT NULL
           AND EXISTS (SELECT 1 FROM products o WHERE o.gtin = p.gtin AND o.id <> p.id AND o.published_at IS NOT NULL)
         ORDER BY (p.id * 7919) % 1000003 LIMIT 500`,
      )
      .pluck()
      .all() as number[];
  } finally {
    db.close();
  }
}
