import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getStore, listStores } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, describeRedis } from '../../tests/support/redis-server.ts';
import { type BlobsLike, BlobsQuotaStore, bucketStoreName } from './blobs-quota-store.ts';
import { sweepQuotaStores } from './blobs-quota-sweep.ts';
import { LocalQuotaStore } from './local-quota-store.ts';
import { MemoryQuotaStore } from './memory-quota-store.ts';
import type { QuotaStore } from './quota-store.ts';
import { RedisQuotaStore } from './redis-quota-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'quota-stores-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clock = Date.UTC(2026, 0, 1);
const now = () => clock;
const later = () => clock + 60_000;

/** Netlify's local Blobs server (what `netlify dev` runs), one store name per test. */
let blobsServer: BlobsServer;
let blobsPort: number;
beforeAll(async () => {
  blobsServer = new BlobsServer({ directory: join(dir, 'blobs'), token: 'test-token', port: 0 });
  blobsPort = (await blobsServer.start()).port;
});
afterAll(async () => {
  await blobsServer?.stop();
});
const blobsClient = () => ({
  siteID: 'test-site',
  token: 'test-token',
  edgeURL: `http://localhost:${blobsPort}`,
  uncachedEdgeURL: `http://localhost:${blobsPort}`,
});
const blobsStore = (name: string) => getStore({ name, ...blobsClient(), consistency: 'strong' });
const fresh = () => Math.random().toString(36).slice(2);

interface SemanticsOptions {
  /** Expiry is by window in the keys, not by the test clock (Blobs). */
  windowsInKeys?: boolean;
  /** The store expires keys on the real clock (Redis): the test clock cannot move it on. */
  realClock?: boolean;
}

/** The same suite for every store: the semantics of QuotaStore. */
const stores: [string, () => QuotaStore | Promise<QuotaStore>, SemanticsOptions][] = [
  ['memory', () => new MemoryQuotaStore({ now }), {}],
  ['local SQLite file', () => new LocalQuotaStore(join(dir, `quota-${fresh()}.sqlite`), { now }), {}],
  ['Netlify Blobs (local BlobsServer)', () => new BlobsQuotaStore(blobsStore, { name: `quota-${fresh()}` }), { windowsInKeys: true }],
];

for (const [name, create, options] of stores) describe(`quota store: ${name}`, () => semantics(create, options));

/** Redis: a real redis-server, each store under a prefix of its own (its real-clock expiry: quota-redis.test.ts). */
describeRedis('quota store: Redis (real redis-server)', (redis) => {
  const opened: RedisQuotaStore[] = [];
  afterAll(() => {
    for (const store of opened) store.close();
  });
  semantics(
    async () => {
      const store = new RedisQuotaStore(redis().url, { prefix: `test-${fresh()}:` });
      opened.push(store);
      return connected(store);
    },
    { realClock: true },
  );
});

function semantics(create: () => QuotaStore | Promise<QuotaStore>, { windowsInKeys, realClock }: SemanticsOptions) {
  // A key's end must lie ahead of the clock the store expires keys by.
  const windowEnd = realClock ? () => Date.now() + 60_000 : later;
  it('admits exactly the limit out of 200 concurrent uses', async () => {
    const store = await create();
    const results = await Promise.all(Array.from({ length: 200 }, () => store.take('rest:a:1', 37, windowEnd())));
    expect(results.filter((r) => r.allowed)).toHaveLength(37);
    expect(Math.max(...results.map((r) => r.used))).toBe(37);
    // Another key is another count.
    expect(await store.take('rest:b:1', 37, windowEnd())).toEqual({ allowed: true, used: 1 });
  });

  it('counts distinct members: a known one is admitted without counting, a new one while there is room', async () => {
    const store = await create();
    for (let id = 1; id <= 3; id++) expect(await store.remember('ids:a:1', id, 3, windowEnd())).toEqual({ allowed: true, used: id });
    expect(await store.remember('ids:a:1', 2, 3, windowEnd())).toEqual({ allowed: true, used: 3 });
    expect(await store.remember('ids:a:1', 4, 3, windowEnd())).toEqual({ allowed: false, used: 3 });
    // 200 uses of 50 ids at once, room for 20: exactly 20 ids get in, each admitted every time.
    const ids = Array.from({ length: 200 }, (_, i) => i % 50);
    const concurrent = await Promise.all(ids.map((id) => store.remember('ids:b:1', id, 20, windowEnd())));
    const admitted = new Set(ids.filter((_, i) => concurrent[i]!.allowed));
    expect(admitted.size).toBe(20);
    expect(ids.filter((id) => admitted.has(id)).length).toBe(concurrent.filter((r) => r.allowed).length);
    expect(Math.max(...concurrent.map((r) => r.used))).toBe(20);
  });

  it('keeps one salt: every use of the store agrees on it', async () => {
    const store = await create();
    const salts = await Promise.all([store.salt(), store.salt(), store.salt()]);
    expect(salts[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(salts).size).toBe(1);
  });

  it.skipIf(windowsInKeys || realClock)('starts a key afresh once it has expired', async () => {
    const store = await create();
    const expiresAt = clock + 1000;
    expect(await store.take('rest:c:1', 1, expiresAt)).toMatchObject({ allowed: true });
    expect(await store.take('rest:c:1', 1, expiresAt)).toMatchObject({ allowed: false });
    clock += 1000;
    expect(await store.take('rest:c:1', 1, clock + 1000)).toEqual({ allowed: true, used: 1 });
  });
}

describe('quota store: local SQLite file, several processes', () => {
  it('never admits more than the limit when 4 processes take 50 uses each at once, and strands few units', async () => {
    const file = join(dir, 'shared.sqlite');
    new LocalQuotaStore(file).close();
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ['tests/support/quota-worker.ts', file, 'rest:shared:1', '77', '50'])),
    );
    const admitted = outputs.map(({ stdout }) => Number(stdout));
    const total = admitted.reduce((sum, n) => sum + n, 0);
    expect(total).toBeLessThanOrEqual(77);
    // Units another process held in a lease when one was refused: at most an eighth of the quota each.
    expect(total).toBeGreaterThanOrEqual(77 - 3 * Math.ceil(77 / 8));
  });

  it("gives a closing process's unused lease back", async () => {
    const file = join(dir, 'release.sqlite');
    const first = new LocalQuotaStore(file);
    expect(await first.take('rest:r:1', 80, Date.now() + 60_000)).toMatchObject({ allowed: true });
    first.close();
    const second = new LocalQuotaStore(file);
    let admitted = 0;
    for (let i = 0; i < 100; i++) if ((await second.take('rest:r:1', 80, Date.now() + 60_000)).allowed) admitted += 1;
    second.close();
    expect(admitted).toBe(79);
  });

  it('forgets the leases and member sets of ended windows as it cleans the file, not only when full', async () => {
    let at = Date.UTC(2026, 0, 1);
    const store = new LocalQuotaStore(join(dir, `forget-${fresh()}.sqlite`), { now: () => at });
    const held = store as unknown as { leases: { entries(): Iterable<unknown> }; members: { entries(): Iterable<unknown> } };
    const count = (cache: { entries(): Iterable<unknown> }) => [...cache.entries()].length;
    // 600 clients in one window: 600 leases and 600 member sets (and 1,200 file transactions).
    for (let i = 0; i < 600; i++) {
      await store.take(`rest:120:c${i}:1`, 120, at + 60_000);
      await store.remember(`ids:100:c${i}:1`, 7, 100, at + 60_000);
    }
    expect([count(held.leases), count(held.members)]).toEqual([1200, 600]);
    // The window ends; the next thousandth transaction cleans up.
    at += 60_000;
    for (let i = 0; i < 800; i++) await store.take(`rest:120:d${i}:2`, 120, at + 60_000);
    expect(count(held.members)).toBe(0);
    expect(count(held.leases)).toBeLessThanOrEqual(800);
    store.close();
  });
});

/**
 * A Blobs store whose onlyIfNew is atomic, as Netlify documents for its service, with every call
 * delayed at random: what several function instances racing on the real service look like.
 */
function atomicBlobs(): BlobsLike {
  const data = new Map<string, string>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
  return {
    get: (async (key: string) => {
      await pause();
      return data.get(key) ?? null;
    }) as BlobsLike['get'],
    set: async (key, value, options) => {
      await pause();
      if (options?.onlyIfNew && data.has(key)) return { modified: false };
      data.set(key, String(value));
      return { modified: true };
    },
    list: (async (options?: { prefix?: string }) => {
      await pause();
      return {
        blobs: [...data.keys()].filter((k) => k.startsWith(options?.prefix ?? '')).map((key) => ({ key, etag: '' })),
        directories: [],
      };
    }) as unknown as BlobsLike['list'],
    deleteAll: async () => {
      const deletedBlobs = data.size;
      data.clear();
      return { deletedBlobs };
    },
  };
}

describe('quota store: Netlify Blobs across instances', () => {
  it('admits exactly the limit when 8 instances race 200 uses, given an atomic onlyIfNew', async () => {
    const shared = atomicBlobs();
    const instances = Array.from({ length: 8 }, () => new BlobsQuotaStore(() => shared));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => instances[i % 8]!.take('rest:i:1', 23, later())));
    expect(results.filter((r) => r.allowed)).toHaveLength(23);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.used)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });

  it('admits exactly the limit on the local BlobsServer when fresh instances take turns (as NetlifyDev runs a function)', async () => {
    const name = `quota-${fresh()}`;
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await new BlobsQuotaStore(blobsStore, { name }).take('rest:j:1', 11, later())).allowed) allowed += 1;
    expect(allowed).toBe(11);
  });
});

describe('quota store: Netlify Blobs expiry (no TTL: whole stores by expiry hour)', () => {
  it('puts each key in the store of the hour by which it has expired', () => {
    expect(bucketStoreName('quotas', Date.UTC(2026, 10, 22, 17, 1))).toBe('quotas-until-2026-11-22T18');
    expect(bucketStoreName('quotas', Date.UTC(2026, 10, 22, 18, 0))).toBe('quotas-until-2026-11-22T18');
    expect(bucketStoreName('quotas', Date.UTC(2026, 10, 22, 23, 50))).toBe('quotas-until-2026-11-23T00');
  });

  it('sweeps the stores whose hour (and a grace) is past, and no other: live counts and the salt stay', async () => {
    const name = `quota-${fresh()}`;
    const store = new BlobsQuotaStore(blobsStore, { name });
    const salt = await store.salt();
    const at = (h: number, m: number) => Date.UTC(2026, 10, 22, h, m);
    // A window that ended at 17:01 (store until 18:00), and a live one ending at 18:10 (until 19:00).
    for (let i = 0; i < 3; i++) await store.take('rest:old:1', 5, at(17, 1));
    await store.remember('ids:old:1', 42, 5, at(17, 1));
    for (let i = 0; i < 4; i++) await store.take('rest:live:2', 5, at(18, 10));
    const storeNames = async () => (await listStores(blobsClient())).stores;
    expect(await storeNames()).toEqual(expect.arrayContaining([`${name}-until-2026-11-22T18`, `${name}-until-2026-11-22T19`]));

    const sweep = (now: number) => sweepQuotaStores({ open: blobsStore, storeNames }, { name, now });
    // Within the grace after 18:00: nothing goes yet.
    expect(await sweep(at(18, 2))).toMatchObject({ stores: [], blobs: 0, kept: 2 });
    const swept = await sweep(at(18, 6));
    expect(swept).toMatchObject({ stores: [`${name}-until-2026-11-22T18`], blobs: 5, kept: 1 });
    expect((await blobsStore(`${name}-until-2026-11-22T18`).list()).blobs).toHaveLength(0);

    // The live window counts on where it was: one use left of 5, then refused.
    const fresh2 = new BlobsQuotaStore(blobsStore, { name });
    expect(await fresh2.take('rest:live:2', 5, at(18, 10))).toEqual({ allowed: true, used: 5 });
    expect(await fresh2.take('rest:live:2', 5, at(18, 10))).toEqual({ allowed: false, used: 5 });
    expect(await fresh2.salt()).toBe(salt);
  });

  it('leaves stores that are not its own alone, however they are named', async () => {
    const name = `quota-${fresh()}`;
    const names = [`${name}-until-soon`, `${name}-until-2026-11-22T18x`, `${name}x-until-2026-11-22T18`, name];
    const opened: string[] = [];
    const result = await sweepQuotaStores(
      {
        open: (n) => {
          opened.push(n);
          return blobsStore(n);
        },
        storeNames: async () => names,
      },
      { name, now: Date.UTC(2030, 0, 1) },
    );
    expect(result).toEqual({ stores: [], blobs: 0, kept: 0 });
    expect(opened).toEqual([]);
  });
});

describe('the quota file says when it cannot count', () => {
  it('fails its probe once its folder is removed (other processes would count in another file)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quota-probe-'));
    const store = new LocalQuotaStore(join(dir, 'quotas', 'quotas.sqlite'));
    try {
      await expect(store.ping()).resolves.toBeUndefined();
      rmSync(join(dir, 'quotas'), { recursive: true });
      await expect(store.ping()).rejects.toThrow(/removed or replaced/);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
