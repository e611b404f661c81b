import type { RateLimits } from '../config/config.ts';
import type { ClientRef } from '../http/answer.ts';
import { clientKey } from './client-key.ts';
import type { QuotaStore } from './quota-store.ts';
import { createRateLimiter, type QuotaDecision } from './rate-limiter.ts';

/**
 * What the endpoints ask before answering: the client's quota decision. The address is hashed
 * here and goes no further.
 */
export interface QuotaGate {
  rest(client: ClientRef, productId: number | null): QuotaDecision | Promise<QuotaDecision>;
  mcp(client: ClientRef, toolCall: boolean): QuotaDecision | Promise<QuotaDecision>;
}

/** The gate over a store; null when quotas are off (RATE_LIMITS=off). */
export function createQuotaGate(limits: RateLimits, store: QuotaStore, now?: () => number): QuotaGate | null {
  if (!limits.enabled) return null;
  const limiter = createRateLimiter(limits, store, now);
  let salt: string | null = limits.salt;
  const keyNow = (client: ClientRef, secret: string) => (client.key ??= clientKey(client.address ?? 'unknown', secret));
  const keyLater = async (client: ClientRef) => {
    // Read from the store once; the fallback answers a failed read.
    salt ??= await store.salt();
    return keyNow(client, salt);
  };
  // Synchronous once the salt is known (from the first request on), with no closure per request.
  return {
    rest: (client, productId) =>
      salt === null ? keyLater(client).then((key) => limiter.rest(key, productId)) : limiter.rest(keyNow(client, salt), productId),
    mcp: (client, toolCall) =>
      salt === null ? keyLater(client).then((key) => limiter.mcp(key, toolCall)) : limiter.mcp(keyNow(client, salt), toolCall),
  };
}
