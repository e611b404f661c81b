import { describe, expect, it, vi } from 'vitest';
import type { AnswerContext } from '../answers/context.ts';
import { loadConfig } from '../config/config.ts';
import { FallbackQuotaStore } from '../quota/fallback-quota-store.ts';
import { createQuotaGate, type QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaStore } from '../quota/quota-store.ts';
import type { QuotaDecision } from '../quota/rate-limiter.ts';
import { fixedCursorSecret } from '../search/local/cursor-secret.ts';
import { callContext } from './counters-guard.ts';
import type { McpMessage } from './read-message.ts';
import { CATALOG_TOOLS } from './tool-list.ts';

const ctx: AnswerContext = {
  catalog: () => {
    throw new Error('no catalog in this test');
  },
  siteUrl: 'https://example.test',
  productUrl: (id) => `https://example.test/p/${id}`,
  logError: () => {},
  cursorSecret: fixedCursorSecret('a cursor secret of at least thirty-two characters'),
};
const client = { address: '198.51.100.4' };
const FIELDS = { 'RateLimit-Policy': '"ids";q=3;w=600', RateLimit: '"ids";r=0;t=300' };

function message(method: string, params: Record<string, unknown>): McpMessage {
  return { era: 'legacy', method, body: { jsonrpc: '2.0', id: 1, method, params }, versionHeader: '2025-06-18', allowances: [] };
}
const getProduct = (args: unknown) => message('tools/call', { name: 'get_product', arguments: args });

/** A gate whose enumeration guard decides as told; the other quotas are not asked here. */
function gate(decision: QuotaDecision | Promise<QuotaDecision>) {
  const counters = vi.fn(() => decision);
  return { gate: { rest: vi.fn(), mcp: vi.fn(), counters } as unknown as QuotaGate, counters };
}

describe('the context of a tools/call under the enumeration guard', () => {
  it("counts get_product's product against the guard, and runs it with the endpoint's context while the guard allows", async () => {
    const { gate: quota, counters } = gate({ allowed: true, retryAfter: null, headers: FIELDS });
    expect(await callContext(ctx, quota, CATALOG_TOOLS, getProduct({ productId: 42, city: 'Curitiba' }), client)).toBe(ctx);
    expect(counters).toHaveBeenCalledWith(client, 42);
  });

  it('withholds the counters past the guard, until its window ends (a store that answers later too)', async () => {
    const refused: QuotaDecision = { allowed: false, retryAfter: 300, resetAt: Date.UTC(2026, 0, 1, 12, 10), headers: FIELDS };
    for (const decision of [refused, Promise.resolve(refused)]) {
      const { gate: quota } = gate(decision);
      const withheld = await callContext(ctx, quota, CATALOG_TOOLS, getProduct({ productId: 42 }), client);
      expect(withheld).toEqual({ ...ctx, countersWithheldUntil: '2026-01-01T12:10:00Z' });
      // The endpoint's context is left as it was: the next call starts from it.
      expect(ctx.countersWithheldUntil).toBeUndefined();
    }
  });

  it('asks nothing of a call that shows no counters: another tool, another method, arguments get_product refuses, quotas off', async () => {
    const { gate: quota, counters } = gate({ allowed: false, retryAfter: 1, headers: FIELDS });
    const others = [
      message('tools/call', { name: 'catalog_overview', arguments: {} }),
      message('tools/call', { name: 'search_local_products', arguments: { query: 'tv' } }),
      message('tools/list', {}),
      getProduct({ productId: 'um' }),
      getProduct({ productId: 0 }),
      getProduct(undefined),
    ];
    for (const other of others) expect(await callContext(ctx, quota, CATALOG_TOOLS, other, client)).toBe(ctx);
    expect(counters).not.toHaveBeenCalled();
    expect(await callContext(ctx, null, CATALOG_TOOLS, getProduct({ productId: 1 }), client)).toBe(ctx);
  });

  it('counts in the instance memory while the shared store fails, as every quota does: the guard still holds', async () => {
    const down = () => Promise.reject(new Error('store down'));
    const failing: QuotaStore = { take: down, remember: down, secret: down, ping: down };
    const store = new FallbackQuotaStore(failing, { timeoutMs: 50, log: () => {} });
    const limits = loadConfig({ RATE_LIMIT_DISTINCT_IDS: '3', RATE_LIMIT_SALT: 'a-salt-of-sixteen-chars' }).rateLimits;
    const quota = createQuotaGate(limits, store)!;
    const shown = [];
    for (const productId of [1, 2, 3, 4, 2])
      shown.push((await callContext(ctx, quota, CATALOG_TOOLS, getProduct({ productId }), client)).countersWithheldUntil === undefined);
    expect(shown).toEqual([true, true, true, false, true]);
  });
});
