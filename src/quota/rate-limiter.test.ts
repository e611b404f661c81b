import { parseList } from 'structured-headers';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { FallbackQuotaStore } from './fallback-quota-store.ts';
import { MemoryQuotaStore } from './memory-quota-store.ts';
import type { QuotaStore } from './quota-store.ts';
import { createRateLimiter } from './rate-limiter.ts';

const limits = loadConfig({
  RATE_LIMIT_REST: '5',
  RATE_LIMIT_DISTINCT_IDS: '3',
  RATE_LIMIT_MCP_CALLS: '2',
  RATE_LIMIT_MCP_REQUESTS: '4',
}).rateLimits;

function limiterAt(start: number) {
  let clock = start;
  const limiter = createRateLimiter(limits, new MemoryQuotaStore({ now: () => clock }), () => clock);
  return { limiter, advance: (ms: number) => (clock += ms), now: () => clock };
}

/** The structured-field parameters of each list member, by policy name. */
function fields(header: string) {
  return Object.fromEntries(parseList(header).map(([name, params]) => [String(name), Object.fromEntries(params)]));
}

describe('rate limiter', () => {
  it('admits RATE_LIMIT_REST requests per window, then 429 until the window ends, then again', async () => {
    // 20 s into a 60 s window.
    const { limiter, advance } = limiterAt(Date.UTC(2026, 0, 1, 12, 0, 20));
    for (let i = 0; i < 5; i++) expect((await limiter.rest('a', null)).allowed).toBe(true);
    const refused = await limiter.rest('a', null);
    expect(refused).toMatchObject({ allowed: false, retryAfter: 40 });
    expect((await limiter.rest('b', null)).allowed).toBe(true);
    advance(39_500);
    expect(await limiter.rest('a', null)).toMatchObject({ allowed: false, retryAfter: 1 });
    advance(500);
    expect(await limiter.rest('a', null)).toMatchObject({ allowed: true, retryAfter: null });
  });

  it('never says to retry before the window resets: Retry-After is the reset rounded up, at least 1', async () => {
    const { limiter, advance, now } = limiterAt(Date.UTC(2026, 0, 1, 12, 0, 0));
    for (const step of [0, 1, 999, 1000, 17_123, 59_999]) {
      advance(step);
      let decision = await limiter.rest(`c${step}`, null);
      for (let i = 0; i < 5; i++) decision = await limiter.rest(`c${step}`, null);
      const windowEnd = (Math.floor(now() / 60_000) + 1) * 60_000;
      expect(decision.allowed).toBe(false);
      expect(Number.isInteger(decision.retryAfter)).toBe(true);
      expect(decision.retryAfter!).toBeGreaterThanOrEqual(1);
      expect(now() + decision.retryAfter! * 1000).toBeGreaterThanOrEqual(windowEnd);
      expect(decision.retryAfter! * 1000).toBeLessThan(windowEnd - now() + 1000);
    }
  });

  it('refuses a new product id beyond RATE_LIMIT_DISTINCT_IDS per window, known ids still answered', async () => {
    const { limiter } = limiterAt(Date.UTC(2026, 0, 1, 12, 5, 0));
    for (const id of [1, 2, 3]) expect((await limiter.rest('e', id)).allowed).toBe(true);
    const fourth = await limiter.rest('e', 4);
    expect(fourth.allowed).toBe(false);
    // The distinct-ids window is 600 s; it started at 12:00.
    expect(fourth.retryAfter).toBe(300);
    expect((await limiter.rest('e', 2)).allowed).toBe(true);
  });

  it('sends RateLimit-Policy and RateLimit as structured-field lists with the quotas, remaining units and reset', async () => {
    const { limiter } = limiterAt(Date.UTC(2026, 0, 1, 12, 0, 50));
    const { headers } = await limiter.rest('f', 7);
    expect(fields(headers['RateLimit-Policy'])).toEqual({ rest: { q: 5, w: 60 }, ids: { q: 3, w: 600 } });
    expect(fields(headers.RateLimit)).toEqual({ rest: { r: 4, t: 10 }, ids: { r: 2, t: 550 } });
  });

  it('limits MCP tools/call and every POST apart', async () => {
    const { limiter } = limiterAt(Date.UTC(2026, 0, 1, 12, 0, 0));
    expect((await limiter.mcp('g', true)).allowed).toBe(true);
    expect((await limiter.mcp('g', true)).allowed).toBe(true);
    expect(await limiter.mcp('g', true)).toMatchObject({ allowed: false, retryAfter: 60 });
    // 3 POSTs so far, the ceiling is 4.
    expect((await limiter.mcp('g', false)).allowed).toBe(true);
    expect((await limiter.mcp('g', false)).allowed).toBe(false);
    expect(fields((await limiter.mcp('h', false)).headers['RateLimit-Policy'])).toEqual({ mcp: { q: 4, w: 60 } });
  });
});

describe('refusals, for the metrics', () => {
  it('names the quota that refused each refused request, and nothing for an admitted one', async () => {
    const refused = vi.fn();
    const limiter = createRateLimiter(limits, new MemoryQuotaStore(), Date.now, refused);
    for (let id = 1; id <= 3; id++) await limiter.rest('a', id);
    expect(refused).not.toHaveBeenCalled();
    expect((await limiter.rest('a', 4)).allowed).toBe(false);
    expect(refused).toHaveBeenLastCalledWith('rest_distinct_ids');
    await limiter.rest('a', 1);
    await limiter.rest('a', 2);
    expect(refused).toHaveBeenLastCalledWith('rest');
    await limiter.mcp('b', true);
    await limiter.mcp('b', true);
    await limiter.mcp('b', true);
    expect(refused).toHaveBeenLastCalledWith('mcp_tool_calls');
    await limiter.mcp('b', false);
    await limiter.mcp('b', false);
    expect(refused).toHaveBeenLastCalledWith('mcp_requests');
    expect(refused).toHaveBeenCalledTimes(4);
  });
});

describe('quota store fallback', () => {
  const down = () => Promise.reject(new Error('store down'));
  const never = () => new Promise<never>(() => {});
  const failing: QuotaStore = { take: down, remember: down, salt: down, ping: down };
  const hanging: QuotaStore = { take: never, remember: never, salt: never, ping: never };

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
      salt: () => memory.salt(),
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
