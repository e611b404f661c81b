import type { RateLimits } from '../config/config.ts';
import type { QuotaStore, QuotaTake } from './quota-store.ts';
import { rateLimitField, rateLimitPolicyField, type QuotaState } from './rate-limit-fields.ts';

/** What a quota check decides: go on or 429, and the fields every answer carries. */
export interface QuotaDecision {
  allowed: boolean;
  /** Seconds to wait (integer, at least 1, never before the exhausted window resets); null when allowed. */
  retryAfter: number | null;
  headers: { 'RateLimit-Policy': string; RateLimit: string };
}

interface Quota {
  policy: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed windows, one key per client, quota and window: "rest:<client>:<window number>". A window
 * ends at a multiple of its length since the epoch, the same moment for every instance.
 */
function windowOf(quota: Quota, now: number) {
  const length = quota.windowSeconds * 1000;
  const number = Math.floor(now / length);
  const endsAt = (number + 1) * length;
  return { number, endsAt, resetSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
}

/**
 * The public quotas of DESIGN.md over a quota store: REST requests per client, distinct product
 * ids per client (the enumeration guard), MCP tools/call per client, and all MCP POSTs per client.
 * `client` is already an opaque key (a salted hash), never an address.
 */
export function createRateLimiter(limits: RateLimits, store: QuotaStore, now: () => number = Date.now) {
  const rest: Quota = { policy: 'rest', limit: limits.rest, windowSeconds: limits.windowSeconds };
  const ids: Quota = { policy: 'ids', limit: limits.distinctIds, windowSeconds: limits.distinctWindowSeconds };
  const mcpPosts: Quota = { policy: 'mcp', limit: limits.mcpRequests, windowSeconds: limits.windowSeconds };
  const mcpCalls: Quota = { policy: 'mcp-calls', limit: limits.mcpCalls, windowSeconds: limits.windowSeconds };

  /** A quota as a check uses it: `member` is set for a distinct-members quota (the product id). */
  type Use = { quota: Quota; distinct: boolean };
  /** The combinations of quotas a request is checked against, with their policy field, built once. */
  const plan = (...uses: Use[]) => ({
    uses,
    policy: rateLimitPolicyField(uses.map(({ quota }) => ({ policy: quota.policy, quota: quota.limit, windowSeconds: quota.windowSeconds }))),
  });
  type Plan = ReturnType<typeof plan>;
  const plans = {
    rest: plan({ quota: rest, distinct: false }),
    restWithId: plan({ quota: rest, distinct: false }, { quota: ids, distinct: true }),
    mcpPost: plan({ quota: mcpPosts, distinct: false }),
    mcpCall: plan({ quota: mcpPosts, distinct: false }, { quota: mcpCalls, distinct: false }),
  };

  /**
   * Uses each quota of the plan in order, stopping at the first that refuses; the state of each
   * one reached. Synchronous as long as the store answers synchronously.
   */
  const check = ({ uses, policy }: Plan, client: string, member: string | null): QuotaDecision | Promise<QuotaDecision> => {
    const at = now();
    const states: QuotaState[] = [];
    const decide = (retryAfter: number | null): QuotaDecision => ({
      allowed: retryAfter === null,
      retryAfter,
      headers: { 'RateLimit-Policy': policy, RateLimit: rateLimitField(states) },
    });
    /** Records a use; the window's reset when it was refused. */
    const record = (quota: Quota, window: ReturnType<typeof windowOf>, taken: QuotaTake): number | null => {
      states.push({ policy: quota.policy, quota: quota.limit, windowSeconds: quota.windowSeconds, remaining: quota.limit - taken.used, resetSeconds: window.resetSeconds });
      return taken.allowed ? null : window.resetSeconds;
    };
    const from = (index: number): QuotaDecision | Promise<QuotaDecision> => {
      for (let i = index; i < uses.length; i++) {
        const { quota, distinct } = uses[i]!;
        const window = windowOf(quota, at);
        const key = `${quota.policy}:${client}:${window.number}`;
        const taken = distinct ? store.remember(key, member!, quota.limit, window.endsAt) : store.take(key, quota.limit, window.endsAt);
        if (taken instanceof Promise) {
          return taken.then((t) => {
            const refused = record(quota, window, t);
            return refused === null ? from(i + 1) : decide(refused);
          });
        }
        const refused = record(quota, window, taken);
        if (refused !== null) return decide(refused);
      }
      return decide(null);
    };
    return from(0);
  };

  return {
    /** One REST request; `productId` for the product statistics route (the enumeration guard). */
    rest: (client: string, productId: number | null): QuotaDecision | Promise<QuotaDecision> =>
      productId === null ? check(plans.rest, client, null) : check(plans.restWithId, client, String(productId)),
    /** One POST to /mcp; `toolCall` when it is a tools/call. */
    mcp: (client: string, toolCall: boolean): QuotaDecision | Promise<QuotaDecision> => check(toolCall ? plans.mcpCall : plans.mcpPost, client, null),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
