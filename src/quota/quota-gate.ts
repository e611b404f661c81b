import type { RateLimits } from '../config/config.ts';
import type { ClientRef } from '../http/answer.ts';
import type { QuotaFace } from '../observability/metrics/metrics-recorder.ts';
import { clientKey, quotaClient } from './client-key.ts';
import { FallbackQuotaStore } from './fallback-quota-store.ts';
import type { QuotaStore } from './quota-store.ts';
import { createRateLimiter, type QuotaDecision, type RateLimiter } from './rate-limiter.ts';

/**
 * What the endpoints ask before answering: the client's quota decision. The address is hashed
 * here and goes no further.
 */
export interface QuotaGate {
  rest(client: ClientRef, productId: number | null): QuotaDecision | Promise<QuotaDecision>;
  mcp(client: ClientRef, toolCall: boolean): QuotaDecision | Promise<QuotaDecision>;
  /** A product's engagement counters shown over MCP: the enumeration guard REST's product statistics use. */
  counters(client: ClientRef, productId: number): QuotaDecision | Promise<QuotaDecision>;
}

/** The limits of an operator-named network: every quota multiplied. */
export function networkLimits(limits: RateLimits, multiplier: number): RateLimits {
  return {
    ...limits,
    rest: limits.rest * multiplier,
    mcpCalls: limits.mcpCalls * multiplier,
    mcpRequests: limits.mcpRequests * multiplier,
    distinctIds: limits.distinctIds * multiplier,
  };
}

/** The gate over a store; null when quotas are off (RATE_LIMITS=off). `refused`: told which quota refused each refusal. */
export function createQuotaGate(
  limits: RateLimits,
  store: QuotaStore,
  now?: () => number,
  refused?: (face: QuotaFace) => void,
): QuotaGate | null {
  if (!limits.enabled) return null;
  const limiter = createRateLimiter(limits, store, now, refused);
  // A network's key is its name ("n.claude": no base64url key has a dot), with its own limiter.
  const networks = new Map<string, RateLimiter>(
    limits.networks.map((n) => [`n.${n.name}`, createRateLimiter(networkLimits(limits, n.multiplier), store, now, refused)]),
  );
  const limiterOf = (key: string) => (networks.size === 0 ? limiter : (networks.get(key) ?? limiter));
  let salt: string | null = limits.salt;
  const keyNow = (client: ClientRef, secret: string) => (client.key ??= keyOf(client.address ?? 'unknown', secret));
  const keyOf = (address: string, secret: string) => {
    const who = quotaClient(address, limits.networks, limits.ipv6Prefix);
    return 'network' in who ? `n.${who.network.name}` : clientKey(who.address, secret);
  };
  const keyLater = async (client: ClientRef) => {
    // Read from the store once it answers. Until then the fallback's salt (this instance's own)
    // keys the request, and the next one asks again: a connection keyed meanwhile keeps its key.
    const answer =
      store instanceof FallbackQuotaStore ? await store.sharedSecret('salt') : { secret: await store.secret('salt'), shared: true };
    if (answer.shared) salt ??= answer.secret;
    return keyNow(client, answer.secret);
  };
  // Synchronous once the salt is known (from the first request on), with no closure per request.
  const rest = (key: string, productId: number | null) => limiterOf(key).rest(key, productId);
  const mcp = (key: string, toolCall: boolean) => limiterOf(key).mcp(key, toolCall);
  const counters = (key: string, productId: number) => limiterOf(key).counters(key, productId);
  const keyed = <A>(client: ClientRef, use: (key: string, arg: A) => QuotaDecision | Promise<QuotaDecision>, arg: A) =>
    salt === null ? keyLater(client).then((key) => use(key, arg)) : use(keyNow(client, salt), arg);
  return {
    rest: (client, productId) => keyed(client, rest, productId),
    mcp: (client, toolCall) => keyed(client, mcp, toolCall),
    counters: (client, productId) => keyed(client, counters, productId),
  };
}
