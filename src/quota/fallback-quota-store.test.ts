import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { clientKey } from './client-key.ts';
import { FallbackQuotaStore } from './fallback-quota-store.ts';
import { MemoryQuotaStore } from './memory-quota-store.ts';
import { createQuotaGate } from './quota-gate.ts';
import type { QuotaStore } from './quota-store.ts';

describe('quota store fallback', () => {
  const down = () => Promise.reject(new Error('store down'));
  const never = () => new Promise<never>(() => {});
  const failing: QuotaStore = { take: down, remember: down, secret: down, ping: down };
  const hanging: QuotaStore = { take: never, remember: never, secret: never, ping: never };

  it('probes the shared store for readiness: a failure or a late answer is unreachable', async () => {
    for (const primary of [failing, hanging]) {
      const store = new FallbackQuotaStore(primary, { timeoutMs: 50, log: () => {} });
      expect(await store.probe(50)).toMatchObject({ reachable: false });
    }
    const up = new FallbackQuotaStore(new MemoryQuotaStore(), { timeoutMs: 50, log: () => {} });
    expect(await up.probe(50)).toMatchObject({ reachable: true });
  });

  it('counts in memory when the shared store fails or does not answer in time, and says so once', async () => {
    for (const primary of [failing, hanging]) {
      const log = vi.fn();
      const store = new FallbackQuotaStore(primary, { timeoutMs: 50, log });
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: 10 }, () => store.take('rest:x:1', 4, Date.now() + 60_000)));
      expect(performance.now() - started).toBeLessThan(2000);
      expect(results.filter((r) => r.allowed)).toHaveLength(4);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toMatch(/quota store unavailable/);
    }
  });

  it('says whether it is counting in memory: from a failed use until the shared store answers again', async () => {
    let up = false;
    const memory = new MemoryQuotaStore();
    const flaky: QuotaStore = {
      take: (...args) => (up ? memory.take(...args) : down()),
      remember: (...args) => (up ? memory.remember(...args) : down()),
      secret: (name) => memory.secret(name),
      ping: () => memory.ping(),
    };
    for (const timeoutMs of [50, null]) {
      up = true;
      const store = new FallbackQuotaStore(flaky, { timeoutMs, log: () => {} });
      await store.take('k', 5, Date.now() + 60_000);
      expect(store.fallingBack).toBe(false);
      up = false;
      await store.take('k', 5, Date.now() + 60_000);
      expect(store.fallingBack).toBe(true);
      up = true;
      await store.remember('m', 1, 5, Date.now() + 60_000);
      expect(store.fallingBack).toBe(false);
    }
  });
});

/** A store that counts in memory and answers its secrets as `secret` says (a store that is down, then up). */
function storeWhoseSecrets(secret: QuotaStore['secret']): QuotaStore {
  const counts = new MemoryQuotaStore();
  return { take: (...args) => counts.take(...args), remember: (...args) => counts.remember(...args), secret, ping: async () => {} };
}
const unreachable = () => Promise.reject(new Error('connection refused'));

describe('the salt while the shared store is unreachable', () => {
  it("keys with this instance's own salt meanwhile, asks again after 5 s, then keeps the shared one", async () => {
    let clock = 0;
    let reachable = false;
    const primary = storeWhoseSecrets(() => (reachable ? Promise.resolve('the-shared-salt') : unreachable()));
    const saltReads = vi.spyOn(primary, 'secret');
    const store = new FallbackQuotaStore(primary, { timeoutMs: 50, log: () => {}, now: () => clock });
    const gate = createQuotaGate(loadConfig({}).rateLimits, store, () => clock)!;
    const keyOf = async () => {
      const client = { address: '192.0.2.1' } as { address: string; key?: string };
      await gate.rest(client, null);
      return client.key;
    };
    const own = await keyOf();
    expect(own).not.toBe(clientKey('192.0.2.1', 'the-shared-salt'));
    reachable = true;
    // Within 5 s of the failure the store is not asked again.
    clock = 4_999;
    expect(await keyOf()).toBe(own);
    expect(saltReads).toHaveBeenCalledTimes(1);
    clock = 5_000;
    expect(await keyOf()).toBe(clientKey('192.0.2.1', 'the-shared-salt'));
    reachable = false;
    expect(await keyOf()).toBe(clientKey('192.0.2.1', 'the-shared-salt'));
    expect(saltReads).toHaveBeenCalledTimes(2);
  });
});

describe('the cursor secret while the shared store is unreachable', () => {
  it("answers with this instance's own, apart from its salt, and asks the store again after 5 s", async () => {
    let clock = 0;
    let reachable = false;
    const shared = new MemoryQuotaStore();
    const primary = storeWhoseSecrets((name) => (reachable ? shared.secret(name) : unreachable()));
    const reads = vi.spyOn(primary, 'secret');
    const store = new FallbackQuotaStore(primary, { timeoutMs: 50, log: () => {}, now: () => clock });
    const own = await store.sharedSecret('cursor_secret');
    expect(own).toEqual({ secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), shared: false });
    expect((await store.sharedSecret('salt')).secret).not.toBe(own.secret);
    reachable = true;
    clock = 4_999;
    expect(await store.sharedSecret('cursor_secret')).toEqual(own);
    expect(reads).toHaveBeenCalledTimes(2);
    clock = 5_000;
    expect(await store.sharedSecret('cursor_secret')).toEqual({ secret: await shared.secret('cursor_secret'), shared: true });
  });
});
