import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName, useBlobsServer } from '../../tests/support/blobs-server.ts';
import { validFixture, writeExport } from '../../tests/support/fixture-export.ts';
import { buildSnapshot } from '../catalog-build/build-snapshot.ts';
import { recordSnapshotPrices } from '../price-history/history-store.ts';
import { decodePoints } from '../price-history/price-series.ts';
import { bringHistoryDown, HistoryBlobConflict, PRICE_HISTORY_KEY, PRICE_HISTORY_STORE, putHistoryBack } from './price-history-blobs.ts';

/*
 * The price history through Netlify's local Blobs server (what `netlify dev` runs), as Netlify
 * builds move it: brought down, recorded by the build, put back only over what was brought down.
 */
const dir = mkdtempSync(join(tmpdir(), 'price-history-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const blobs = useBlobsServer(join(dir, 'blobs'));

/** One Netlify build's work on the history at `file` (its own file system): built as of `asOf`, recorded. */
async function buildAndRecord(file: string, asOf: string, priceCents: number) {
  const fixture = validFixture();
  fixture.products[0]!.priceCents = priceCents;
  const work = mkdtempSync(join(dir, 'build-'));
  const exportDir = writeExport(fixture, {}, { dir: join(work, 'export') });
  writeFileSync(join(exportDir, 'export.json'), JSON.stringify({ asOf: `${asOf}T12:00:00Z` }));
  const built = await buildSnapshot({
    sourceDir: exportDir,
    outFile: join(work, 'catalog.sqlite'),
    priceHistory: { store: file, keepDays: 400, reset: false },
  });
  if (!built.ok) throw new Error(JSON.stringify(built.issues));
  recordSnapshotPrices({ store: file, keepDays: 400 }, built.outFile);
}

/** Each build has a file system of its own. */
const buildFile = () => {
  const folder = join(dir, freshName());
  mkdirSync(folder);
  return join(folder, 'price-history.sqlite');
};

describe('the price history in the site Blobs (Netlify builds)', () => {
  it('starts one, then carries each build’s day to the next build', async () => {
    const store = blobs.store(`${PRICE_HISTORY_STORE}-${freshName()}`);
    const first = buildFile();
    expect(await bringHistoryDown(store, first)).toMatch(/starts one/);
    expect(existsSync(first)).toBe(false);
    await buildAndRecord(first, '2026-10-01', 50_000);
    expect(await putHistoryBack(store, first)).toMatch(/put back/);

    const second = buildFile();
    expect(await bringHistoryDown(store, second)).toMatch(/brought down/);
    await buildAndRecord(second, '2026-11-20', 40_000);
    await putHistoryBack(store, second);

    const third = buildFile();
    await bringHistoryDown(store, third);
    const db = new Database(third, { readonly: true });
    const points = decodePoints(db.prepare('SELECT points FROM products WHERE product_id = 1').pluck().get() as Buffer);
    expect(points.map((p) => [p.date, p.priceCents])).toEqual([
      ['2026-10-01', 50_000],
      ['2026-11-20', 40_000],
    ]);
    expect(db.prepare('SELECT date FROM days ORDER BY date').pluck().all()).toEqual(['2026-10-01', '2026-11-20']);
    db.close();
  });

  it('stops the second of two builds that ran at once, rather than lose the first one’s day', async () => {
    const store = blobs.store(`${PRICE_HISTORY_STORE}-${freshName()}`);
    const base = buildFile();
    await bringHistoryDown(store, base);
    await buildAndRecord(base, '2026-10-01', 50_000);
    await putHistoryBack(store, base);

    const [a, b] = [buildFile(), buildFile()];
    await bringHistoryDown(store, a);
    await bringHistoryDown(store, b);
    await buildAndRecord(a, '2026-10-02', 45_000);
    await buildAndRecord(b, '2026-10-03', 44_000);
    await putHistoryBack(store, a);
    await expect(putHistoryBack(store, b)).rejects.toThrow(HistoryBlobConflict);
    // What is kept is the first one's: its day is there, the loser's is not.
    const kept = buildFile();
    await bringHistoryDown(store, kept);
    const db = new Database(kept, { readonly: true });
    expect(db.prepare('SELECT date FROM days ORDER BY date').pluck().all()).toEqual(['2026-10-01', '2026-10-02']);
    db.close();
    // Two first builds at once: the second finds the key there.
    const fresh = blobs.store(`${PRICE_HISTORY_STORE}-${freshName()}`);
    const [c, d] = [buildFile(), buildFile()];
    await bringHistoryDown(fresh, c);
    await bringHistoryDown(fresh, d);
    await buildAndRecord(c, '2026-10-01', 1_000);
    await buildAndRecord(d, '2026-10-01', 1_000);
    await putHistoryBack(fresh, c);
    await expect(putHistoryBack(fresh, d)).rejects.toThrow(/another build put the price history back/);
    expect(await fresh.get(PRICE_HISTORY_KEY, { type: 'arrayBuffer' })).not.toBeNull();
  });
});
