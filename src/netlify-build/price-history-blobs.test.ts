import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '@netlify/blobs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName, useBlobsServer } from '../../tests/support/blobs-server.ts';
import { buildAndRecord } from '../../tests/support/price-history-build.ts';
import { decodePoints } from '../price-history/price-series.ts';
import { bringHistoryDown, HistoryBlobConflict, PRICE_HISTORY_KEY, PRICE_HISTORY_STORE, putHistoryBack } from './price-history-blobs.ts';

/*
 * The price history through Netlify's local Blobs server (what `netlify dev` runs), as Netlify
 * builds move it: brought down, recorded by the build, put back only over what was brought down.
 */
const dir = mkdtempSync(join(tmpdir(), 'price-history-blobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const blobs = useBlobsServer(join(dir, 'blobs'));

/** Each build has a file system of its own. */
const buildFile = () => {
  const folder = join(dir, freshName());
  mkdirSync(folder);
  return join(folder, 'price-history.sqlite');
};

/**
 * Two builds at once on one store, each on its own file system: both bring the history down and
 * record a day; the first puts it back; resolves to the second's putting back.
 */
async function twoAtOnce(store: Store, first: [string, number], second: [string, number]) {
  const [a, b] = [buildFile(), buildFile()];
  await bringHistoryDown(store, a);
  await bringHistoryDown(store, b);
  await buildAndRecord(dir, a, ...first);
  await buildAndRecord(dir, b, ...second);
  await putHistoryBack(store, a);
  return putHistoryBack(store, b);
}

describe('the price history in the site Blobs (Netlify builds)', () => {
  it('starts one, then carries each build’s day to the next build', async () => {
    const store = blobs.store(`${PRICE_HISTORY_STORE}-${freshName()}`);
    const first = buildFile();
    expect(await bringHistoryDown(store, first)).toMatch(/starts one/);
    expect(existsSync(first)).toBe(false);
    await buildAndRecord(dir, first, '2026-10-01', 50_000);
    expect(await putHistoryBack(store, first)).toMatch(/put back/);

    const second = buildFile();
    expect(await bringHistoryDown(store, second)).toMatch(/brought down/);
    await buildAndRecord(dir, second, '2026-11-20', 40_000);
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
    await buildAndRecord(dir, base, '2026-10-01', 50_000);
    await putHistoryBack(store, base);

    await expect(twoAtOnce(store, ['2026-10-02', 45_000], ['2026-10-03', 44_000])).rejects.toThrow(HistoryBlobConflict);
    // What is kept is the first one's: its day is there, the loser's is not.
    const kept = buildFile();
    await bringHistoryDown(store, kept);
    const db = new Database(kept, { readonly: true });
    expect(db.prepare('SELECT date FROM days ORDER BY date').pluck().all()).toEqual(['2026-10-01', '2026-10-02']);
    db.close();
    // Two first builds at once: the second finds the key there.
    const fresh = blobs.store(`${PRICE_HISTORY_STORE}-${freshName()}`);
    await expect(twoAtOnce(fresh, ['2026-10-01', 1_000], ['2026-10-01', 1_000])).rejects.toThrow(
      /another build put the price history back/,
    );
    expect(await fresh.get(PRICE_HISTORY_KEY, { type: 'arrayBuffer' })).not.toBeNull();
  });
});
