import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName as fresh, useBlobsServer } from '../../tests/support/blobs-server.ts';
import { connected, describeRedis } from '../../tests/support/redis-server.ts';
import { BlobsQuotaStore } from './blobs-quota-store.ts';
import { LocalQuotaStore } from './local-quota-store.ts';
import { MemoryQuotaStore } from './memory-quota-store.ts';
import type { QuotaStore } from './quota-store.ts';
import { RedisQuotaStore } from './redis-quota-store.ts';

/*
 * The QuotaStore contract, one suite run on every implementation of it. What each store does
 * beyond the contract is tested beside it (local-quota-store.test.ts, blobs-quota-store.test.ts,
 * redis-quota-store.test.ts).
 */
const dir = mkdtempSync(join(tmpdir(), 'quota-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clock = Date.UTC(2026, 0, 1);
const now = () => clock;
const later = () => clock + 60_000;

const blobs = useBlobsServer(join(dir, 'blobs'));

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
  ['Netlify Blobs (local BlobsServer)', () => new BlobsQuotaStore(blobs.store, { name: `quota-${fresh()}` }), { windowsInKeys: true }],
];

for (const [name, create, options] of stores) describe(`quota store: ${name}`, () => semantics(create, options));

/** Redis: a real redis-server, each store under a prefix of its own (its real-clock expiry: redis-quota-store.test.ts). */
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

  it('keeps one salt and one cursor secret: every use of the store agrees on each, and they differ', async () => {
    const store = await create();
    const salts = await Promise.all([store.secret('salt'), store.secret('salt'), store.secret('salt')]);
    expect(salts[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(salts).size).toBe(1);
    const cursorSecrets = await Promise.all([store.secret('cursor_secret'), store.secret('cursor_secret')]);
    expect(cursorSecrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(cursorSecrets).size).toBe(1);
    expect(cursorSecrets[0]).not.toBe(salts[0]);
    expect(await store.secret('salt')).toBe(salts[0]);
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
