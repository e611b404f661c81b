/**
 * The peer of the side-by-side (bench/search-peer.ts): Orama 3 (`@orama/orama`), the JavaScript
 * search engine a developer would pick instead, on the same export and the same query classes, in
 * a process of its own. Builds the index from the export's NDJSON files (progress on stderr), then
 * times each class and prints, as JSON, the build time, the heap and RSS growth of holding the
 * index, and each class's latency.
 *   node --expose-gc bench/search-peer-orama.ts EXPORT_DIR CLASSES.json RUNS SECONDS
 *
 * One document per published product (drafts are not searchable in ours either): title,
 * description, category and brand as text, searched with the Portuguese stemmer and stop words of
 * @orama/stemmers and @orama/stopwords, `tolerance: 1` and `threshold: 0` (every word, as ours);
 * price (reais) and views (popularity) as numbers; the category and brand again as enums, for the
 * filters; the cities and districts of all its merchant's stores as enum[] (a product is in a place
 * when its merchant has a store there, as in ours); and one geopoint, its merchant's first store.
 * Orama has no geopoint array, so a merchant's other stores are not in its distance filter or
 * order: less work than ours does, never more.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { create, insertMultiple, type Results, search } from '@orama/orama';
import { language, stemmer } from '@orama/stemmers/portuguese';
import { stopwords } from '@orama/stopwords/portuguese';
import type { EngagementRecord, ProductRecord, StoreRecord } from '../src/catalog-build/export-records.ts';
import { readNdjsonLines } from '../src/catalog-build/ndjson-lines.ts';
import { DEFAULT_CITY } from '../src/contract/service-info.ts';
import { foldKey } from '../src/lib/text-keys.ts';
import { SEARCH_MAX_LIMIT, type SearchInput } from '../src/search/local/local-search-schema.ts';
import { distanceKm } from '../src/search/planner/geo.ts';
import { DEFAULT_RADIUS_KM } from '../src/search/planner/place.ts';
import { checkResults, type SearchClass } from './support/search-classes.ts';
import { peakRssMb, settledMemoryMb, timeCalls } from './support/timing.ts';

const schema = {
  title: 'string',
  description: 'string',
  category: 'string',
  brand: 'string',
  price: 'number',
  views: 'number',
  location: 'geopoint',
  categoryKey: 'enum',
  brandKey: 'enum',
  cities: 'enum[]',
  districts: 'enum[]',
} as const;

const newIndex = () =>
  create({
    schema,
    components: { tokenizer: { language, stemmer, stemming: true, stopWords: stopwords } },
    // Only numbers are sorted on: a sortable string field costs a sorted copy of every value.
    sort: { unsortableProperties: ['title', 'description', 'category', 'brand'] },
  });
type Index = ReturnType<typeof newIndex>;
type Document = {
  title: string;
  description: string;
  category: string;
  brand: string;
  price: number;
  views: number;
  location: { lat: number; lon: number };
  categoryKey: string;
  brandKey: string;
  cities: string[];
  districts: string[];
};

const TEXT_FIELDS = ['title', 'description', 'category', 'brand'];
const cityKey = (city: string) => foldKey(city.split(',')[0]!);
const districtKey = (city: string, district: string) => `${cityKey(city)}/${foldKey(district)}`;

async function* records<T>(dir: string, kind: string): AsyncGenerator<T> {
  for await (const { text } of readNdjsonLines(join(dir, `${kind}.ndjson`))) yield JSON.parse(text) as T;
}

/** The index of an export's published products; progress on stderr. */
export async function buildIndex(dir: string): Promise<{ db: Index; documents: number; insertSeconds: number }> {
  const places = new Map<number, { location: { lat: number; lon: number }; cities: Set<string>; districts: Set<string> }>();
  for await (const s of records<StoreRecord>(dir, 'stores')) {
    let merchant = places.get(s.merchantId);
    if (merchant === undefined) {
      merchant = { location: { lat: s.latitude, lon: s.longitude }, cities: new Set(), districts: new Set() };
      places.set(s.merchantId, merchant);
    }
    merchant.cities.add(cityKey(s.city));
    merchant.districts.add(districtKey(s.city, s.district));
  }
  const views = new Map<number, number>();
  for await (const e of records<EngagementRecord>(dir, 'engagement')) views.set(e.productId, e.views);

  const db = newIndex();
  let batch: Document[] = [];
  let documents = 0;
  let insertSeconds = 0;
  const started = performance.now();
  const flush = async () => {
    const t = performance.now();
    await insertMultiple(db, batch);
    insertSeconds += (performance.now() - t) / 1000;
    documents += batch.length;
    batch = [];
    if (documents % 20_000 === 0) {
      console.error(`[bench] orama: ${documents} documents indexed (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  };
  for await (const p of records<ProductRecord>(dir, 'products')) {
    if (p.publishedAt === null) continue;
    const merchant = places.get(p.merchantId)!;
    batch.push({
      title: p.title,
      description: p.description,
      category: p.category,
      brand: p.brand,
      price: p.priceCents / 100,
      views: views.get(p.id) ?? 0,
      location: { ...merchant.location },
      categoryKey: foldKey(p.category),
      brandKey: foldKey(p.brand),
      cities: [...merchant.cities],
      districts: [...merchant.districts],
    });
    if (batch.length === 1000) await flush();
  }
  if (batch.length > 0) await flush();
  console.error(`[bench] orama: ${documents} documents indexed`);
  return { db, documents, insertSeconds };
}

/**
 * Orama's query for a search_local_products input, as a function making it (a distance order keeps
 * its distances per call), and the point distances are measured from, if any.
 */
export function oramaQuery(
  input: SearchInput,
  page: number,
): { params: () => Parameters<typeof search<Index>>[1]; center: { lat: number; lon: number } | null } {
  const where: Record<string, unknown> = {};
  let center: { lat: number; lon: number } | null = null;
  if (input.latitude !== undefined && input.longitude !== undefined) {
    center = { lat: input.latitude, lon: input.longitude };
    where.location = { radius: { coordinates: center, value: input.radiusKm ?? DEFAULT_RADIUS_KM, unit: 'km', inside: true } };
  } else if (input.district !== undefined) {
    where.districts = { containsAny: [districtKey(input.city ?? DEFAULT_CITY.name, input.district)] };
  } else {
    // No place: our default city.
    where.cities = { containsAny: [cityKey(input.city ?? DEFAULT_CITY.name)] };
  }
  if (typeof input.category === 'string') where.categoryKey = { eq: foldKey(input.category) };
  if (input.brand !== undefined) where.brandKey = { eq: foldKey(input.brand) };
  if (input.minPrice !== undefined && input.maxPrice !== undefined) where.price = { between: [input.minPrice, input.maxPrice] };
  else if (input.minPrice !== undefined) where.price = { gte: input.minPrice };
  else if (input.maxPrice !== undefined) where.price = { lte: input.maxPrice };
  const term = input.query?.trim() ? input.query : undefined;
  const base = {
    // Without a term, no properties either: with them Orama matches the empty word against every word.
    ...(term === undefined ? {} : { term, properties: TEXT_FIELDS, tolerance: 1, threshold: 0 }),
    where,
    limit: SEARCH_MAX_LIMIT,
    offset: (page - 1) * SEARCH_MAX_LIMIT,
  };
  // Ours orders: by price, distance or popularity when asked; else relevance with words (around
  // coordinates, by group, nearest first in each), and without words, nearest first around
  // coordinates, most viewed elsewhere.
  const byDistance = center !== null && (input.sort === 'distance' || (term === undefined && input.sort === undefined));
  const onlyPlace = term === undefined && Object.keys(where).length === 1;
  const params = () => {
    if (input.sort === 'price_asc' || input.sort === 'price_desc') {
      return { ...base, sortBy: { property: 'price', order: input.sort === 'price_asc' ? 'ASC' : 'DESC' } } as const;
    }
    if (byDistance) {
      // Alone, a radius is scored by distance in Orama itself; with a term or other filters, a sort function.
      if (onlyPlace) return base;
      const point = center!;
      const km = new Map<number, number>();
      const of = ([id, , doc]: [number, number, Document]) => {
        const known = km.get(id);
        if (known !== undefined) return known;
        const d = distanceKm(point.lat, point.lon, doc.location.lat, doc.location.lon);
        km.set(id, d);
        return d;
      };
      return { ...base, sortBy: (a: [number, number, Document], b: [number, number, Document]) => of(a) - of(b) };
    }
    if (input.sort === 'popularity' || term === undefined) return { ...base, sortBy: { property: 'views', order: 'DESC' } } as const;
    return base;
  };
  return { params: params as () => Parameters<typeof search<Index>>[1], center };
}

export function run(db: Index, params: Parameters<typeof search<Index>>[1]): Results<Document> {
  const results = search(db, params);
  if (results instanceof Promise) throw new Error('Orama answered asynchronously: the timing assumes synchronous searches');
  return results as unknown as Results<Document>;
}

/** What in an answer is not what its input asks (checkResults), with the input, or undefined. */
function wrongHits({ input, center }: { input: SearchInput; center: { lat: number; lon: number } | null }, results: Results<Document>) {
  const hits = results.hits.map(({ document: d }) => ({
    priceCents: Math.round(d.price * 100),
    brand: d.brand,
    distanceKm: center ? distanceKm(center.lat, center.lon, d.location.lat, d.location.lon) : undefined,
  }));
  const wrong = checkResults(input, hits);
  return wrong === null ? undefined : `${wrong} for ${JSON.stringify(input)}`;
}

/** The script: build, time the classes, print the figures. */
async function main() {
  const [exportDir, classesFile, runs, seconds] = process.argv.slice(2) as [string, string, string, string];
  const classes = JSON.parse(readFileSync(classesFile, 'utf8')) as SearchClass[];
  const version = (createRequire(import.meta.url)('@orama/orama/package.json') as { version: string }).version;

  const before = settledMemoryMb();
  const started = performance.now();
  const { db, documents, insertSeconds } = await buildIndex(exportDir);
  // Orama sorts a number field's values on the first search that sorts by it: part of the build.
  const sortStarted = performance.now();
  run(db, { where: { cities: { containsAny: [cityKey(DEFAULT_CITY.name)] } }, sortBy: { property: 'price' } });
  run(db, { where: { cities: { containsAny: [cityKey(DEFAULT_CITY.name)] } }, sortBy: { property: 'views' } });
  const sortSeconds = (performance.now() - sortStarted) / 1000;
  const buildSeconds = (performance.now() - started) / 1000;
  const built = settledMemoryMb();
  console.error(`[bench] orama: built in ${buildSeconds.toFixed(1)} s, heap +${Math.round(built.heapMb - before.heapMb)} MB`);

  const rows = classes.map((cls) => {
    console.error(`[bench] orama: ${cls.label}`);
    const queries = cls.inputs.map((input) => ({ input, ...oramaQuery(input, cls.page ?? 1) }));
    // Each input's count of matches as the timed calls found it, in class order; and the first
    // answer to each input checked (a few microseconds beside a search of milliseconds or more).
    const matches = queries.map(() => '—');
    let warning: string | undefined;
    const latency = timeCalls(
      queries.map((query, index) => ({ query, index })),
      ({ query, index }) => {
        const results = run(db, query.params());
        if (matches[index] === '—' && cls.needs !== undefined && warning === undefined) warning = wrongHits(query, results);
        matches[index] = String(results.count);
      },
      { runs: Number(runs), seconds: Number(seconds) },
    );
    return { label: cls.label, peer: latency, matches, ...(warning === undefined ? {} : { warning }) };
  });
  const after = settledMemoryMb();
  console.log(
    JSON.stringify({
      engine: `Orama ${version}`,
      documents,
      buildSeconds,
      insertSeconds,
      sortSeconds,
      heapMb: built.heapMb - before.heapMb,
      rssMb: built.rssMb - before.rssMb,
      heapAfterQueriesMb: after.heapMb - before.heapMb,
      peakRssMb: peakRssMb(),
      rows,
    }),
  );
}

if (import.meta.main) await main();
