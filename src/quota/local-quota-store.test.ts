import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freshName as fresh } from '../../tests/support/blobs-server.ts';
import { LocalQuotaStore } from './local-quota-store.ts';

/** The local SQLite store beyond the semantics every store shares (quota-store.test.ts). */
const dir = mkdtempSync(join(tmpdir(), 'local-quota-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
