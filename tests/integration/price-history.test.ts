import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/catalog-build/build-issues.ts';
import { type BuildResult, buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { priceHistoryOf } from '../../src/price-history/history-read.ts';
import { HistoryConflictError, HistoryStoreError, recordSnapshotPrices } from '../../src/price-history/history-store.ts';
import type { PriceFigures } from '../../src/price-history/price-figures.ts';
import { decodePoints } from '../../src/price-history/price-series.ts';
import { type Fixture, validFixture, writeExport } from '../support/fixture-export.ts';
import { testTempDir } from '../support/temp-dirs.ts';

/*
 * The price history across builds, as the build scripts run it: a snapshot built from an export
 * of a given date (export.json) and the store, then its prices recorded once it is accepted.
 */

/** The test's directory: its exports, snapshots and store (the run's temporary root removes it). */
let dir: string;

const history = () => ({ store: join(dir, 'price-history.sqlite'), keepDays: 400, reset: false });

/** Builds the fixture as of `asOf` (with `prices`, a prices.ndjson's lines), then records it, as an accepted build does. */
async function buildDay(fixture: Fixture, asOf: string, options: { prices?: string[]; record?: boolean; reset?: boolean } = {}) {
  const exportDir = writeExport(fixture, {}, { dir: join(dir, `export-${asOf}`) });
  writeFileSync(join(exportDir, 'export.json'), JSON.stringify({ asOf: `${asOf}T09:00:00Z` }));
  if (options.prices) writeFileSync(join(exportDir, 'prices.ndjson'), `${options.prices.join('\n')}\n`);
  const outFile = join(dir, `catalog-${asOf}-${Math.random().toString(36).slice(2)}.sqlite`);
  const built = await buildSnapshot({ sourceDir: exportDir, outFile, priceHistory: { ...history(), reset: options.reset ?? false } });
  if (!built.ok) throw new Error(JSON.stringify(built.issues));
  if (options.record !== false) recordSnapshotPrices(history(), outFile);
  return built as Extract<BuildResult, { ok: true }>;
}

/** A product's figures as every face reads them (src/price-history/history-read.ts). */
const figuresOf = (snapshot: string, productId: number): PriceFigures => {
  const catalog = openCatalog(snapshot);
  try {
    return priceHistoryOf(catalog).figures(productId)!;
  } finally {
    catalog.close();
  }
};

const withPrice = (priceCents: number, listPriceCents?: number): Fixture => {
  const fixture = validFixture();
  Object.assign(fixture.products[0]!, { priceCents }, listPriceCents ? { listPriceCents } : {});
  return fixture;
};

describe('the price history across builds', () => {
  it('records change points only, and checks a drop against the 30 days before it', async () => {
    dir = testTempDir('price-history-');
    const first = await buildDay(withPrice(50_000), '2026-09-01');
    expect(first.priceHistory.note).toMatch(/a new one starts/);
    await buildDay(withPrice(50_000), '2026-09-20');
    await buildDay(withPrice(45_000), '2026-10-15');
    const last = await buildDay(withPrice(39_900, 79_900), '2026-11-27');
    const f = figuresOf(last.outFile, 1);
    expect(f.since).toBe('2026-09-01');
    expect(f.discountCheck).toEqual({
      verdict: 'confirmed',
      referencePriceCents: 45_000,
      realDiscountPercent: 11,
      currentPriceSince: '2026-11-27',
    });
    expect(f.lastChange).toEqual({ previousPriceCents: 45_000, date: '2026-11-27' });
    // The list price announced (R$ 799) was never charged.
    expect(f.listPriceDaysCharged90).toBe(0);
    const store = new Database(history().store, { readonly: true });
    const points = decodePoints(store.prepare('SELECT points FROM products WHERE product_id = 1').pluck().get() as Buffer);
    expect(points.map((p) => [p.date, p.priceCents])).toEqual([
      ['2026-09-01', 50_000],
      ['2026-10-15', 45_000],
      ['2026-11-27', 39_900],
    ]);
    expect(store.prepare('SELECT count(*) FROM days').pluck().get()).toBe(4);
    store.close();
  });

  it('lets the last build of a date win, and a build not accepted records nothing', async () => {
    dir = testTempDir('price-history-');
    await buildDay(withPrice(20_000), '2026-10-01');
    await buildDay(withPrice(10_000), '2026-11-05', { record: false });
    await buildDay(withPrice(15_000), '2026-11-05');
    const again = await buildDay(withPrice(20_000), '2026-11-05');
    expect(figuresOf(again.outFile, 1).lastChange).toBeNull();
    expect(figuresOf(again.outFile, 1).discountCheck.verdict).toBe('unchanged');
    const store = new Database(history().store, { readonly: true });
    expect(decodePoints(store.prepare('SELECT points FROM products WHERE product_id = 1').pluck().get() as Buffer)).toEqual([
      { date: '2026-10-01', priceCents: 20_000, listPriceCents: null, pixPriceCents: null, availability: 'in_stock' },
    ]);
    store.close();
  });

  it("takes the operator's past prices, reporting each bad line alone", async () => {
    dir = testTempDir('price-history-');
    const built = await buildDay(withPrice(79_900), '2026-11-27', {
      prices: [
        JSON.stringify({ productId: 1, date: '2026-08-01', priceCents: 39_900 }),
        JSON.stringify({ productId: 1, date: '2026-11-10', priceCents: 79_900 }),
        JSON.stringify({ productId: 99, date: '2026-09-01', priceCents: 100 }),
        JSON.stringify({ productId: 1, date: '2026-12-01', priceCents: 100 }),
        JSON.stringify({ productId: 1, date: '2026-09-01', priceCents: -5 }),
        JSON.stringify({ productId: 1, date: '2026-02-30', priceCents: 100 }),
        '{"productId": 1,',
      ],
    });
    // A "metade do dobro": R$ 399 for months, R$ 799 since 10 November.
    expect(figuresOf(built.outFile, 1)).toMatchObject({
      since: '2026-08-01',
      lowest90Days: { priceCents: 39_900, date: '2026-11-09' },
      discountCheck: { verdict: 'not_lower_than_30_days', referencePriceCents: 39_900 },
    });
    expect(built.dropped.map(formatIssue)).toEqual([
      "prices.ndjson:4: dropped: date 2026-12-01 is after the catalog's date (2026-11-27)",
      'prices.ndjson:5: dropped: priceCents is not a positive integer',
      'prices.ndjson:6: dropped: date is not a calendar date (YYYY-MM-DD)',
      'prices.ndjson:7: dropped: not valid JSON',
      'prices.ndjson:3: dropped: no product has id 99',
    ]);
  });

  it('stops on an unreadable store unless PRICE_HISTORY_RESET=on, and on a record raced by another build', async () => {
    dir = testTempDir('price-history-');
    writeFileSync(history().store, 'not a database');
    await expect(buildDay(withPrice(1_000), '2026-11-01')).rejects.toThrow(HistoryStoreError);
    await expect(buildDay(withPrice(1_000), '2026-11-01')).rejects.toThrow(/PRICE_HISTORY_RESET=on/);
    const reset = await buildDay(withPrice(1_000), '2026-11-01', { reset: true });
    expect(reset.priceHistory.note).toMatch(/could not be read/);
    const store = new Database(history().store, { readonly: true });
    expect(store.prepare('SELECT count(*) FROM products').pluck().get()).toBe(1);
    store.close();
    // Two builds read the same store; the second to record stops in words.
    const a = await buildDay(withPrice(900), '2026-11-02', { record: false });
    const b = await buildDay(withPrice(800), '2026-11-02', { record: false });
    recordSnapshotPrices(history(), a.outFile);
    expect(() => recordSnapshotPrices(history(), b.outFile)).toThrow(HistoryConflictError);
  });
});
