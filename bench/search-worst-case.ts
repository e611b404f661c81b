/**
 * The costliest queries a client can send, for both search tools: the catalog's most frequent
 * words (found in most products, rarely together), two to eight of them, the last cut to a
 * three-letter prefix or not, with a category they do not fit, in the default city, a district, or
 * around a point; stopwords alone. Each input is timed once after a warm-up pass: p50, p95, the
 * maximum and the slowest input, per tool (issue: no query may cost more than a few tens of ms).
 */
import Database from 'better-sqlite3';
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { searchLocalProducts } from '../src/search/local/local-search.ts';
import type { SearchInput } from '../src/search/local/local-search-schema.ts';
import { STOPWORDS } from '../src/search/query/query-words.ts';
import { researchSearch } from '../src/search/research/research-search.ts';
import { percentile } from './support/figures.ts';
import { benchToolContext } from './support/tool-context.ts';

export interface WorstCaseRow {
  label: string;
  inputs: number;
  p50: number;
  p95: number;
  max: number;
  slowest: string;
}

/** The index's most frequent words of letters only (stopwords are not searched). */
function frequentWords(file: string, count: number): string[] {
  const db = new Database(file, { readonly: true });
  const words = db
    .prepare("SELECT word FROM search_words WHERE length(word) >= 4 AND word NOT GLOB '*[^a-z]*' ORDER BY docs DESC LIMIT ?")
    .pluck()
    .all(count + STOPWORDS.size) as string[];
  db.close();
  return words.filter((word) => !STOPWORDS.has(word)).slice(0, count);
}

function timeEach<T>(inputs: T[], run: (input: T) => unknown): Omit<WorstCaseRow, 'label'> {
  for (const input of inputs) run(input);
  const samples = inputs.map((input) => {
    const started = performance.now();
    run(input);
    return { ms: performance.now() - started, input };
  });
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const slowest = samples.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    inputs: inputs.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: slowest.ms,
    slowest: JSON.stringify(slowest.input),
  };
}

/** Two to eight of the 24 most frequent words, the last whole or cut to a prefix; stopwords alone. */
export function costlyQueries(snapshot: string): string[] {
  const words = frequentWords(snapshot, 24);
  const queries: string[] = ['e com', 'de para com', 'a o e'];
  for (let size = 2; size <= 8; size++) {
    for (let start = 0; start + size <= words.length; start += 3) {
      const chosen = words.slice(start, start + size);
      queries.push(chosen.join(' '));
      queries.push([...chosen.slice(0, -1), chosen.at(-1)!.slice(0, 3)].join(' '));
    }
  }
  return queries;
}

export function benchSearchWorstCase(snapshot: string): WorstCaseRow[] {
  const catalog = openCatalog(snapshot);
  const ctx = benchToolContext(catalog);
  const reader = catalog.discovery;
  const queries = costlyQueries(snapshot);
  const saoPaulo = reader.cities.find((c) => c.name === 'São Paulo') ?? reader.cities[0]!;
  const district = reader.districtsOfCity(saoPaulo.id, 1)[0]?.name;
  const store = reader.storesOfMerchant(1)[0];
  const smallest = reader.categories.at(-1)!.name;
  const places: SearchInput[] = [
    {},
    ...(district ? [{ city: `${saoPaulo.name}, ${saoPaulo.state}`, district }] : []),
    ...(store ? [5, 100].map((radiusKm) => ({ latitude: store.latitude, longitude: store.longitude, radiusKm })) : []),
  ];
  const local: SearchInput[] = [];
  queries.forEach((query, i) => {
    const place = places[i % places.length]!;
    local.push({ ...place, query });
    local.push({ ...place, query, category: i % 2 ? smallest : reader.categories[0]!.name });
  });
  const rows: WorstCaseRow[] = [
    { label: 'search_local_products', ...timeEach(local, (input) => searchLocalProducts(ctx, input)) },
    { label: 'search (/mcp/research)', ...timeEach(queries, (query) => researchSearch(ctx, query)) },
  ];
  catalog.close();
  return rows;
}
