import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseList } from 'structured-headers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { LocalQuotaStore } from './local-quota-store.ts';
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

  it("counts the counters get_product shows against REST's enumeration guard: one set of distinct ids, one limit", async () => {
    const { limiter } = limiterAt(Date.UTC(2026, 0, 1, 12, 5, 0));
    expect((await limiter.rest('k', 1)).allowed).toBe(true);
    for (const id of [2, 3]) expect((await limiter.counters('k', id)).allowed).toBe(true);
    // Three distinct ids between the two faces: a fourth is refused on either, an id already counted is not.
    const fourth = await limiter.counters('k', 4);
    expect(fourth).toMatchObject({ allowed: false, retryAfter: 300, resetAt: Date.UTC(2026, 0, 1, 12, 10, 0) });
    expect(fields(fourth.headers.RateLimit)).toEqual({ ids: { r: 0, t: 300 } });
    expect((await limiter.rest('k', 5)).allowed).toBe(false);
    for (const id of [1, 2, 3]) expect((await limiter.counters('k', id)).allowed).toBe(true);
    expect((await limiter.rest('k', 3)).allowed).toBe(true);
    // Another client has its own.
    expect((await limiter.counters('l', 4)).allowed).toBe(true);
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
    // The guard over MCP: counted apart, as get_product withholds counters rather than refusing.
    expect((await limiter.counters('a', 5)).allowed).toBe(false);
    expect(refused).toHaveBeenLastCalledWith('mcp_distinct_ids');
    expect(refused).toHaveBeenCalledTimes(5);
  });
});

describe('remaining counts and changed limits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rate-limiter-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** The r parameter of each RateLimit member, by policy. */
  const remaining = (field: string) => Object.fromEntries(parseList(field).map(([name, params]) => [String(name), params.get('r')]));

  it('never states a negative remaining count, whatever the store reports', async () => {
    const overcounted: QuotaStore = {
      take: () => ({ allowed: false, used: 125_000_000 }),
      remember: () => ({ allowed: false, used: 5000 }),
      secret: async () => 'salt',
      ping: async () => {},
    };
    const limits = loadConfig({}).rateLimits;
    const decision = await createRateLimiter(limits, overcounted).rest('a', 1);
    expect(decision.allowed).toBe(false);
    expect(remaining(decision.headers.RateLimit)).toEqual({ rest: 0 });
  });

  it('a lowered limit starts clean: units a killed process leased under a larger one do not count', async () => {
    const file = join(dir, 'quotas.sqlite');
    const huge = loadConfig({ RATE_LIMIT_REST: '1000000000', RATE_LIMIT_DISTINCT_IDS: '1000000000' }).rateLimits;
    const before = new LocalQuotaStore(file);
    const first = await createRateLimiter(huge, before).rest('client', 7);
    expect(first.allowed).toBe(true);
    // No close(): the process was killed holding a lease of an eighth of a billion units.
    const defaults = loadConfig({}).rateLimits;
    const after = new LocalQuotaStore(file);
    const limiter = createRateLimiter(defaults, after);
    const next = await limiter.rest('client', 7);
    expect(next.allowed).toBe(true);
    expect(remaining(next.headers.RateLimit)).toEqual({ rest: defaults.rest - 1, ids: defaults.distinctIds - 1 });
    for (let i = 1; i < defaults.rest; i++) expect((await limiter.rest('client', null)).allowed).toBe(true);
    const refused = await limiter.rest('client', null);
    expect(refused.allowed).toBe(false);
    expect(remaining(refused.headers.RateLimit)).toEqual({ rest: 0 });
    after.close();
  });
});
