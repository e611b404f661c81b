import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogOverview } from '../../src/answers/overview.ts';
import { type LazyCatalog, lazyCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { foldKey } from '../../src/lib/text-keys.ts';
import { searchLocalProducts } from '../../src/search/local/local-search.ts';
import type { SearchInput } from '../../src/search/local/local-search-schema.ts';
import { SEARCH_DEPTH } from '../../src/search/local/search-cursor.ts';
import { PRICE_HISTORY_KEY } from '../../src/ucp/ucp-product.ts';
import { UCP_EXTENSION_KEYS } from '../../src/ucp/ucp-request.ts';
import { searchCatalog } from '../../src/ucp/ucp-search.ts';
import { testMcpDeps } from '../support/mcp-deps.ts';
import { readSampleExport } from '../support/sample-export.ts';
import { validateSearchResponse } from '../support/ucp-schemas.ts';

/*
 * search_local_products' real price drops (priceDropped, the words, sort price_drop) on the sample,
 * against the drops computed here from the sample's own files: its past prices, its date and its
 * current prices, by the rule of docs/price-history.md (the Omnibus reference).
 */

let catalog: LazyCatalog;
beforeAll(() => {
  catalog = lazyCatalog(inject('sampleSnapshot'));
});
afterAll(() => catalog?.close());

const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/**
 * The sample's products whose price really dropped in the last 30 days, with the percent: those in
 * stock in São Paulo (the default city), or (`everywhere`) every published one.
 */
function expectedDrops(everywhere = false): Map<number, number> {
  const sample = readSampleExport();
  const today = dayOf((JSON.parse(readFileSync('data/sample/export.json', 'utf8')) as { asOf: string }).asOf.slice(0, 10));
  const inSaoPaulo = new Set(sample.stores.filter((s) => foldKey(s.city) === 'sao paulo').map((s) => s.merchantId));
  const drops = new Map<number, number>();
  for (const product of sample.products) {
    const lines = sample.pastPrices.get(product.id);
    const availability = (product as { availability?: string }).availability;
    if (!lines || product.publishedAt === null) continue;
    if (!everywhere && (availability === 'out_of_stock' || !inSaoPaulo.has(product.merchantId))) continue;
    // The current price began at the last line of another price (the sample's lines end at it).
    const points = lines.map((l) => ({ day: dayOf(l.date), cents: l.priceCents }));
    let began = points.length - 1;
    while (began > 0 && points[began - 1]!.cents === product.priceCents) began -= 1;
    const start = points[began]!.day;
    if (began === 0 || start < today - 29 || start - points[0]!.day < 30) continue;
    // The lowest price in force on the 30 days before it began.
    const window = points.filter((p, i) => p.day < start && (points[i + 1]?.day ?? start) > start - 30);
    const reference = Math.min(...window.map((p) => p.cents));
    if (product.priceCents < reference) drops.set(product.id, Math.floor(((reference - product.priceCents) / reference) * 100));
  }
  return drops;
}

const search = (input: SearchInput) => {
  const { output, isError } = searchLocalProducts(testMcpDeps(catalog), input);
  expect(isError, output.message).toBe(false);
  return output;
};

describe('real price drops in search_local_products', () => {
  const drops = expectedDrops();

  it('keeps only the real drops of the last 30 days with priceDropped, each with its verdict and 30-day low', () => {
    expect(drops.size).toBeGreaterThan(10);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = search({ priceDropped: true, ...(cursor ? { cursor } : {}) });
      expect(page.filters.priceDropped).toBe(true);
      expect(page.total).toEqual({ value: drops.size, relation: 'eq' });
      for (const r of page.results) {
        expect(r.priceCheck.verdict, String(r.productId)).toBe('confirmed');
        expect(r.priceCheck.realDiscountPercent).toBe(drops.get(r.productId));
        expect(r.priceCheck.lowest30Days?.price.cents).toBe(r.price.cents);
        seen.push(r.productId);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // Pages stop at SEARCH_DEPTH results: those are drops, each once.
    expect(new Set(seen).size).toBe(Math.min(drops.size, SEARCH_DEPTH));
    expect(seen.every((id) => drops.has(id))).toBe(true);
  });

  it('reads "baixou de preço" in the query as that filter, and says so', () => {
    const words = search({ query: 'baixou de preço' });
    expect(words.filters.priceDropped).toBe(true);
    expect(words.filters.readFromQuery).toEqual(['baixou de preço']);
    expect(words.total).toEqual({ value: drops.size, relation: 'eq' });
  });

  it('orders by the largest real drop with sort price_drop', () => {
    const page = search({ sort: 'price_drop', limit: 10 });
    expect(page.filters.priceDropped).toBe(true);
    const percents = page.results.map((r) => r.priceCheck.realDiscountPercent!);
    expect(percents).toEqual([...drops.values()].sort((a, b) => b - a).slice(0, 10));
    expect(page.ordering).toMatch(/^Largest real price drop first/);
  });

  it('says each result of any search its 30-day low and verdict', () => {
    const page = search({ query: 'fone' });
    expect(page.filters.priceDropped).toBe(false);
    expect(page.results.length).toBeGreaterThan(0);
    for (const r of page.results)
      expect(['confirmed', 'not_lower_than_30_days', 'unchanged', 'history_too_short']).toContain(r.priceCheck.verdict);
  });

  it("says each UCP product's figures under the catalog's extension, valid under UCP's schemas, and filters by them", () => {
    const answer = searchCatalog(testMcpDeps(catalog), { filters: { [UCP_EXTENSION_KEYS.priceDropped]: true } });
    expect(validateSearchResponse(answer).errors).toEqual([]);
    expect(answer.products!.length).toBeGreaterThan(0);
    for (const product of answer.products!) {
      const figures = product.metadata[PRICE_HISTORY_KEY]!;
      expect(figures.discount_check.verdict).toBe('confirmed');
      expect(figures.discount_check.real_discount_percent).toBe(drops.get(Number(product.id)));
    }
  });

  it('counts the real drops of the whole catalog in catalog_overview', () => {
    const overview = catalogOverview(catalog(), 'http://localhost:4321');
    expect(overview.prices).toMatchObject({ asOf: '2026-12-01', realDropsLast30Days: expectedDrops(true).size });
    expect(overview.prices.knownSince! < overview.prices.asOf).toBe(true);
  });
});
