import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listStores } from '@netlify/blobs';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName as fresh, useBlobsServer } from '../../tests/support/blobs-server.ts';
import { BlobsQuotaStore } from './blobs-quota-store.ts';
import { sweepQuotaStores } from './blobs-quota-sweep.ts';

const dir = mkdtempSync(join(tmpdir(), 'blobs-quota-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const blobs = useBlobsServer(join(dir, 'blobs'));

describe('the quota stores sweep (no TTL on Blobs: whole stores by expiry hour)', () => {
  it('sweeps the stores whose hour (and a grace) is past, and no other: live counts and the salt stay', async () => {
    const name = `quota-${fresh()}`;
    const store = new BlobsQuotaStore(blobs.store, { name });
    const salt = await store.secret('salt');
    const at = (h: number, m: number) => Date.UTC(2026, 10, 22, h, m);
    // A window that ended at 17:01 (store until 18:00), and a live one ending at 18:10 (until 19:00).
    for (let i = 0; i < 3; i++) await store.take('rest:old:1', 5, at(17, 1));
    await store.remember('ids:old:1', 42, 5, at(17, 1));
    for (let i = 0; i < 4; i++) await store.take('rest:live:2', 5, at(18, 10));
    const storeNames = async () => (await listStores(blobs.client())).stores;
    expect(await storeNames()).toEqual(expect.arrayContaining([`${name}-until-2026-11-22T18`, `${name}-until-2026-11-22T19`]));

    const sweep = (now: number) => sweepQuotaStores({ open: blobs.store, storeNames }, { name, now });
    // Within the grace after 18:00: nothing goes yet.
    expect(await sweep(at(18, 2))).toMatchObject({ stores: [], blobs: 0, kept: 2 });
    const swept = await sweep(at(18, 6));
    expect(swept).toMatchObject({ stores: [`${name}-until-2026-11-22T18`], blobs: 5, kept: 1 });
    expect((await blobs.store(`${name}-until-2026-11-22T18`).list()).blobs).toHaveLength(0);

    // The live window counts on where it was: one use left of 5, then refused.
    const fresh2 = new BlobsQuotaStore(blobs.store, { name });
    expect(await fresh2.take('rest:live:2', 5, at(18, 10))).toEqual({ allowed: true, used: 5 });
    expect(await fresh2.take('rest:live:2', 5, at(18, 10))).toEqual({ allowed: false, used: 5 });
    expect(await fresh2.secret('salt')).toBe(salt);
  });

  it('leaves stores that are not its own alone, however they are named', async () => {
    const name = `quota-${fresh()}`;
    const names = [`${name}-until-soon`, `${name}-until-2026-11-22T18x`, `${name}x-until-2026-11-22T18`, name];
    const opened: string[] = [];
    const result = await sweepQuotaStores(
      {
        open: (n) => {
          opened.push(n);
          return blobs.store(n);
        },
        storeNames: async () => names,
      },
      { name, now: Date.UTC(2030, 0, 1) },
    );
    expect(result).toEqual({ stores: [], blobs: 0, kept: 0 });
    expect(opened).toEqual([]);
  });
});
