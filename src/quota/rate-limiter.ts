import type { RateLimits } from '../config/config.ts';
import { type QuotaFields, rateLimitMember, rateLimitPolicyField } from '../http/rate-limit-fields.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import type { QuotaFace } from '../observability/metrics/metrics-recorder.ts';
import type { QuotaStore, QuotaTake } from './quota-store.ts';

/** What a quota check decides: go on or 429, and the fields every answer carries. */
export interface QuotaDecision {
  allowed: boolean;
  /** Seconds to wait (integer, at least 1, never before the exhausted window resets); null when allowed. */
  retryAfter: number | null;
  /** When the window of the quota that refused ends (ms since the epoch); refusals only. */
  resetAt?: number;
  headers: QuotaFields;
}

interface Quota {
  /** Its place among the limiter's quotas: the slot of its key in a client's cached keys. */
  index: number;
  policy: string;
  limit: number;
  /** Window length in ms. */
  length: number;
  /** Counts distinct members (product ids) rather than uses. */
  distinct: boolean;
  /** What its refusals count as (src/observability/metrics/). */
  face: QuotaFace;
}

/** The quotas a kind of request is checked against, in order, and their policy field, built once. */
interface Plan {
  quotas: Quota[];
  policy: string;
}

/**
 * A client's store keys ("rest:<limit>:<client>:<window number>"), cached with the window each names: a
 * request then reuses the same string (its hash computed once) instead of building and hashing a
 * new one per quota. Rebuilt when the window moves on.
 */
interface ClientKeys {
  windows: number[];
  keys: string[];
}

/** Clients whose keys are kept; a forgotten client only rebuilds its strings. */
const CACHED_CLIENTS = 10_000;

/**
 * The public quotas over a quota store: REST requests per client, distinct product ids per client
 * (the enumeration guard: every face that shows a product's engagement counters counts against
 * it), MCP tools/call per client, and all MCP POSTs per client. `client` is
 * already an opaque key (a salted hash), never an address. Fixed windows, the same on every
 * instance; each window is a new store key that names the limit too, so nothing is ever reset
 * (docs/architecture.md, "Quota stores").
 *
 * This runs on every API request: it is written to allocate little and to stay synchronous while
 * the store answers synchronously (the SQLite file, memory).
 */
export function createRateLimiter(
  limits: RateLimits,
  store: QuotaStore,
  now: () => number = Date.now,
  refused: (face: QuotaFace) => void = () => {},
) {
  const quota = (index: number, policy: string, face: QuotaFace, limit: number, windowSeconds: number, distinct = false): Quota => ({
    index,
    policy,
    limit,
    length: windowSeconds * 1000,
    distinct,
    face,
  });
  const rest = quota(0, 'rest', 'rest', limits.rest, limits.windowSeconds);
  const ids = quota(1, 'ids', 'rest_distinct_ids', limits.distinctIds, limits.distinctWindowSeconds, true);
  const mcpPosts = quota(2, 'mcp', 'mcp_requests', limits.mcpRequests, limits.windowSeconds);
  const mcpCalls = quota(3, 'mcp-calls', 'mcp_tool_calls', limits.mcpCalls, limits.windowSeconds);
  // The same guard (its slot, policy and limit, so the same store key) as `ids`, counting its
  // refusals apart: MCP's get_product leaves the counters out rather than answering 429.
  const mcpIds = { ...ids, face: 'mcp_distinct_ids' as const };
  const quotaCount = [rest, ids, mcpPosts, mcpCalls].length;

  const plan = (...quotas: Quota[]): Plan => ({
    quotas,
    policy: rateLimitPolicyField(quotas.map((q) => ({ policy: q.policy, quota: q.limit, windowSeconds: q.length / 1000 }))),
  });
  const plans = {
    rest: plan(rest),
    restWithId: plan(rest, ids),
    mcpPost: plan(mcpPosts),
    mcpCall: plan(mcpPosts, mcpCalls),
    counters: plan(mcpIds),
  };

  const clients = new BoundedCache<string, ClientKeys>(CACHED_CLIENTS);
  const keysOf = (client: string): ClientKeys => {
    let keys = clients.get(client);
    if (keys === undefined) {
      keys = { windows: new Array<number>(quotaCount).fill(-1), keys: new Array<string>(quotaCount).fill('') };
      clients.set(client, keys);
    }
    return keys;
  };

  /** A use of `q`, or (for a distinct quota) of `member`, under the client's key for `window`. */
  const use = (q: Quota, cached: ClientKeys, client: string, window: number, member: number | null) => {
    if (cached.windows[q.index] !== window) {
      cached.windows[q.index] = window;
      cached.keys[q.index] = `${q.policy}:${q.limit}:${client}:${window}`;
    }
    const key = cached.keys[q.index]!;
    const expiresAt = (window + 1) * q.length;
    return q.distinct ? store.remember(key, member!, q.limit, expiresAt) : store.take(key, q.limit, expiresAt);
  };

  /** Seconds to the end of `window` of `q`, rounded up, at least 1. */
  const resetSeconds = (q: Quota, window: number, at: number) => Math.max(1, Math.ceil(((window + 1) * q.length - at) / 1000));

  /**
   * Uses the plan's quotas in order from `from`, stopping at the first that refuses; `field` is
   * the RateLimit field of the quotas used so far. Returns a promise only once the store does.
   */
  const check = (
    plan: Plan,
    cached: ClientKeys,
    client: string,
    member: number | null,
    at: number,
    from: number,
    field: string,
  ): QuotaDecision | Promise<QuotaDecision> => {
    const { quotas } = plan;
    for (let i = from; i < quotas.length; i++) {
      const q = quotas[i]!;
      const window = Math.floor(at / q.length);
      const taken = use(q, cached, client, window, member);
      if (taken instanceof Promise) {
        return taken.then((t) => {
          const next = decide(plan, q, window, at, t, field);
          return typeof next === 'string' ? check(plan, cached, client, member, at, i + 1, next) : next;
        });
      }
      const next = decide(plan, q, window, at, taken, field);
      if (typeof next !== 'string') return next;
      field = next;
    }
    return { allowed: true, retryAfter: null, headers: { 'RateLimit-Policy': plan.policy, RateLimit: field } };
  };

  /** The field with this use's state added, or the refusal when it was refused. */
  const decide = (plan: Plan, q: Quota, window: number, at: number, taken: QuotaTake, field: string): string | QuotaDecision => {
    const reset = resetSeconds(q, window, at);
    // Never negative, whatever a store reports (the draft's r is a non-negative integer).
    const state = rateLimitMember(q.policy, Math.max(0, q.limit - taken.used), reset);
    const next = field === '' ? state : `${field}, ${state}`;
    if (taken.allowed) return next;
    refused(q.face);
    return {
      allowed: false,
      retryAfter: reset,
      resetAt: (window + 1) * q.length,
      headers: { 'RateLimit-Policy': plan.policy, RateLimit: next },
    };
  };

  const run = (plan: Plan, client: string, member: number | null) => check(plan, keysOf(client), client, member, now(), 0, '');

  return {
    /** One REST request; `productId` for the product statistics route (the enumeration guard). */
    rest: (client: string, productId: number | null): QuotaDecision | Promise<QuotaDecision> =>
      productId === null ? run(plans.rest, client, null) : run(plans.restWithId, client, productId),
    /** One POST to /mcp; `toolCall` when it is a tools/call. */
    mcp: (client: string, toolCall: boolean): QuotaDecision | Promise<QuotaDecision> =>
      run(toolCall ? plans.mcpCall : plans.mcpPost, client, null),
    /**
     * A product's engagement counters read over MCP (get_product): a use of the enumeration guard,
     * the same distinct ids REST's product statistics count, under the same key.
     */
    counters: (client: string, productId: number): QuotaDecision | Promise<QuotaDecision> => run(plans.counters, client, productId),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
