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

  /** Uses each quota in order, stopping at the first that refuses; the state of each one reached. */
  const check = async (uses: { quota: Quota; use: (key: string, expiresAt: number) => Promise<QuotaTake> }[], client: string): Promise<QuotaDecision> => {
    const at = now();
    const states: QuotaState[] = [];
    let retryAfter: number | null = null;
    for (const { quota, use } of uses) {
      const window = windowOf(quota, at);
      const taken = await use(`${quota.policy}:${client}:${window.number}`, window.endsAt);
      states.push({ policy: quota.policy, quota: quota.limit, windowSeconds: quota.windowSeconds, remaining: quota.limit - taken.used, resetSeconds: window.resetSeconds });
      if (!taken.allowed) {
        retryAfter = window.resetSeconds;
        break;
      }
    }
    const policies = uses.map(({ quota }) => ({ policy: quota.policy, quota: quota.limit, windowSeconds: quota.windowSeconds, remaining: 0, resetSeconds: 0 }));
    return {
      allowed: retryAfter === null,
      retryAfter,
      headers: { 'RateLimit-Policy': rateLimitPolicyField(policies), RateLimit: rateLimitField(states) },
    };
  };

  const counted = (quota: Quota) => ({ quota, use: (key: string, expiresAt: number) => store.take(key, quota.limit, expiresAt) });

  return {
    /** One REST request; `productId` for the product statistics route (the enumeration guard). */
    rest: (client: string, productId: number | null): Promise<QuotaDecision> =>
      check(
        productId === null
          ? [counted(rest)]
          : [counted(rest), { quota: ids, use: (key, expiresAt) => store.remember(key, String(productId), ids.limit, expiresAt) }],
        client,
      ),
    /** One POST to /mcp; `toolCall` when it is a tools/call. */
    mcp: (client: string, toolCall: boolean): Promise<QuotaDecision> => check(toolCall ? [counted(mcpPosts), counted(mcpCalls)] : [counted(mcpPosts)], client),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
