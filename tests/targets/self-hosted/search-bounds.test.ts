import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerContext } from '../../../src/answers/context.ts';
import { type CatalogReader, openCatalog } from '../../../src/catalog-read/catalog-reader.ts';
import { searchReaderOf } from '../../../src/search/index-read/search-reader.ts';
import { fixedCursorSecret } from '../../../src/search/local/cursor-secret.ts';
import { searchLocalProducts } from '../../../src/search/local/local-search.ts';
import type { SearchInput } from '../../../src/search/local/local-search-schema.ts';
import { STOPWORDS } from '../../../src/search/query/query-words.ts';
import { researchSearch } from '../../../src/search/research/research-search.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { sharedGeneratedSnapshot } from '../../support/generated-catalog.ts';

/*
 * Searches whose cost shows only at size (issue 29, finding 1): a generated catalog of 60,000
 * products (the run's shared one, generated-catalog.ts) under the budget's share for that size, its most frequent words together (found in most products, rarely together), the last
 * cut to a prefix, with a category they do not fit, in the default city and around a point; and
 * stopwords alone. The work of each call is measured apart from the plan's own estimates: the
 * index lists that the SQL it runs walks (FTS5 walks each term's whole list to intersect them),
 * read from the index's own vocabulary. No time is measured: the figures are in the benchmark.
 */
const PRODUCTS = 60_000;
/** The default budget (WALK_BUDGET, 1,500,000) is sized for a million products: its share for 60,000 of them. */
const BUDGET = 90_000;
let snapshot: string;
let catalog: CatalogReader;
let server: RunningServer;
let frequent: string[];
/** Each read's walk, as the index's lists say, for the call under way. */
let walked = 0;
let bm25Reads = 0;

beforeAll(async () => {
  snapshot = await sharedGeneratedSnapshot(PRODUCTS, 11);
  const db = new Database(snapshot, { readonly: true });
  db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, 'products_fts', 'row')");
  const listOf = db.prepare('SELECT doc FROM temp.vocab WHERE term = ?').pluck();
  frequent = db
    .prepare("SELECT word FROM search_words WHERE length(word) >= 4 AND word NOT GLOB '*[^a-z]*' ORDER BY docs DESC LIMIT 9")
    .pluck()
    .all()
    .filter((word) => !STOPWORDS.has(word as string))
    .slice(0, 8) as string[];
  const listSizes = new Map<string, number>();
  const walkOf = (expression: string) => {
    const terms = new Set([...expression.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));
    for (const [, facets] of expression.matchAll(/facets : \(([^)]*)\)/g))
      for (const token of facets!.split(/ (?:AND|OR) /)) terms.add(token);
    let entries = 0;
    for (const term of terms) {
      if (!listSizes.has(term)) listSizes.set(term, (listOf.get(term) as number | undefined) ?? 0);
      entries += listSizes.get(term)!;
    }
    return entries;
  };
  catalog = openCatalog(snapshot);
  const reader = searchReaderOf(catalog) as unknown as Record<string, (expression: string, ...rest: unknown[]) => unknown>;
  for (const name of ['matches', 'countMatches', 'matchesMarkingPlace', 'matchesByRelevance'] as const) {
    const read = reader[name]!;
    reader[name] = (expression: string, ...rest: unknown[]) => {
      walked += walkOf(expression);
      if (name === 'matchesByRelevance') bm25Reads++;
      return read(expression, ...rest);
    };
  }
  server = await startBuiltServer({ CATALOG_DB: snapshot, RATE_LIMITS: 'off', LOG_LEVEL: 'warn', SEARCH_WORK_BUDGET: String(BUDGET) });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  catalog?.close();
});

const ctx = (): AnswerContext => ({
  catalog: () => catalog,
  siteUrl: 'https://catalogo.example',
  productUrl: (id, slug) => `https://catalogo.example/produtos/${id}/${slug}`,
  cursorSecret: fixedCursorSecret('test cursor secret'),
  logError: (error) => {
    throw error;
  },
  searchWorkBudget: BUDGET,
});

/** The index work of one call: the lists its reads walked. */
function workOf(call: () => unknown): number {
  walked = 0;
  call();
  return walked;
}

async function callTool(path: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).result;
}

describe(`search at size (${PRODUCTS.toLocaleString('en')} generated products): bounded work, whatever the words`, () => {
  /** The costly inputs: two to eight of the most frequent words, the last whole or a prefix; places and a category. */
  const costly = (): string[] => {
    const queries: string[] = [];
    for (let size = 2; size <= frequent.length; size += 2) {
      const words = frequent.slice(0, size);
      queries.push(words.join(' '), [...words.slice(0, -1), words.at(-1)!.slice(0, 3)].join(' '));
    }
    return queries;
  };

  const places: SearchInput[] = [{}, { city: 'São Paulo', district: 'Pinheiros' }, { latitude: -23.561, longitude: -46.656, radiusKm: 5 }];
  const inputs = (): SearchInput[] =>
    costly().flatMap((query) =>
      places.flatMap((place) => [
        { ...place, query },
        { ...place, query, category: 'Livros' },
      ]),
    );

  it('search_local_products walks at most its budget of index entries for every costly input', () => {
    const worst = { work: 0, input: '' };
    for (const input of inputs()) {
      const work = workOf(() => searchLocalProducts(ctx(), input));
      if (work > worst.work) Object.assign(worst, { work, input: JSON.stringify(input) });
    }
    // The plan's estimates round tiers and merchants to their shares: a margin of a fifth.
    expect(worst.work, worst.input).toBeLessThanOrEqual(BUDGET * 1.2);
  });

  it('/mcp/research search walks at most its budget and never ranks every match', () => {
    bm25Reads = 0;
    const worst = Math.max(...costly().map((query) => workOf(() => researchSearch(ctx(), query))));
    expect(worst).toBeLessThanOrEqual(BUDGET * 1.2);
    expect(bm25Reads).toBe(0);
  });

  it('over HTTP: stopwords alone are answered as such, and a search the bound cut short says so', async () => {
    const stopwords = await callTool('/mcp', 'search_local_products', { query: 'e com' });
    expect(stopwords.isError).toBe(true);
    expect(stopwords.structuredContent.message).toMatch(/^Only common words \(e, com\)/);
    expect(stopwords.structuredContent.filters.ignoredTerms).toEqual(['e', 'com']);
    expect((await callTool('/mcp/research', 'search', { query: 'e com' })).structuredContent).toEqual({ results: [] });

    // Costly searches the bound cuts short say so, and their total is a lower bound.
    const cut = inputs().filter((input) => /bound of work/.test(searchLocalProducts(ctx(), input).output.message));
    expect(cut.length).toBeGreaterThan(0);
    for (const input of cut.slice(0, 8)) {
      const answer = await callTool('/mcp', 'search_local_products', input);
      expect(answer.isError).toBeFalsy();
      expect(answer.structuredContent.message).toMatch(/bound of work/);
      expect(answer.structuredContent.total.relation).toBe('gte');
    }
    // The most frequent word alone is still found: its most viewed products come first.
    const one = await callTool('/mcp/research', 'search', { query: frequent[0] });
    expect(one.structuredContent.results).toHaveLength(10);
  });
});
