import { z } from 'zod';
import type { RateLimits } from '../config/config.ts';
import { networkLimits } from './quota-gate.ts';

/** The public quotas as the documents state them (gpt.json, llms.txt, the OpenAPI description). */
export const RateLimitPolicySchema = z.object({
  enabled: z.boolean().describe('False on a private deployment that turned quotas off'),
  perClient: z.string(),
  windowSeconds: z.number().int(),
  restRequestsPerWindow: z.number().int(),
  mcpToolCallsPerWindow: z.number().int(),
  mcpRequestsPerWindow: z.number().int().describe('Every POST to /mcp, tools/call included'),
  distinctProductIds: z
    .object({ limit: z.number().int(), windowSeconds: z.number().int() })
    .describe(
      'Enumeration guard: the distinct products whose engagement counters one client reads per window, over the REST product statistics and MCP get_product together (past it, the statistics answer 429 and get_product leaves the counters out)',
    ),
  sharedNetworks: z
    .array(
      z.object({
        name: z.string(),
        addressRanges: z.array(z.string()).describe('CIDR ranges'),
        multiplier: z.number().int(),
        restRequestsPerWindow: z.number().int(),
        mcpToolCallsPerWindow: z.number().int(),
        mcpRequestsPerWindow: z.number().int(),
        distinctProductIds: z.number().int(),
      }),
    )
    .describe(
      "Networks the operator names (such as hosted agent platforms' egress ranges): each counts as one client, with every quota multiplied",
    ),
  whenExceeded: z.string(),
  publicDocuments: z.string(),
});
export type RateLimitPolicy = z.infer<typeof RateLimitPolicySchema>;

export function rateLimitPolicy(limits: RateLimits): RateLimitPolicy {
  return {
    enabled: limits.enabled,
    perClient:
      `Quotas count per client, keyed by a salted hash of the client IP address (an IPv6 client by its /${limits.ipv6Prefix} network); addresses are never stored.` +
      (limits.networks.length > 0 ? ' Each shared network listed counts as one client with larger quotas.' : ''),
    windowSeconds: limits.windowSeconds,
    restRequestsPerWindow: limits.rest,
    mcpToolCallsPerWindow: limits.mcpCalls,
    mcpRequestsPerWindow: limits.mcpRequests,
    distinctProductIds: { limit: limits.distinctIds, windowSeconds: limits.distinctWindowSeconds },
    sharedNetworks: limits.networks.map((n) => {
      const larger = networkLimits(limits, n.multiplier);
      return {
        name: n.name,
        addressRanges: n.cidrs,
        multiplier: n.multiplier,
        restRequestsPerWindow: larger.rest,
        mcpToolCallsPerWindow: larger.mcpCalls,
        mcpRequestsPerWindow: larger.mcpRequests,
        distinctProductIds: larger.distinctIds,
      };
    }),
    whenExceeded:
      'HTTP 429 with Retry-After (integer seconds, at least 1) and the RateLimit-Policy and RateLimit fields ' +
      '(IETF draft-ietf-httpapi-ratelimit-headers); REST bodies are the Error object with code RATE_LIMIT_EXCEEDED, ' +
      'MCP bodies a JSON-RPC error (code -32000) carrying the request id. Wait for Retry-After before retrying.',
    publicDocuments: 'The public documents are static files and are not limited.',
  };
}

/** The policy in one sentence, for prose (llms.txt, the OpenAPI description). */
export function rateLimitSummary(limits: RateLimits): string {
  if (!limits.enabled) return 'This deployment has public quotas turned off.';
  return (
    `Per client: ${limits.rest} REST requests and ${limits.mcpCalls} MCP tool calls (${limits.mcpRequests} MCP requests in all) ` +
    `per ${limits.windowSeconds} s, and the engagement counters of at most ${limits.distinctIds} distinct products per ` +
    `${limits.distinctWindowSeconds} s (product statistics and get_product together); beyond that, HTTP 429 with Retry-After, ` +
    'but get_product answers without the counters.' +
    (limits.networks.length > 0
      ? ` Named shared networks (${limits.networks.map((n) => `${n.name}: ×${n.multiplier}`).join(', ')}) each count as one client with multiplied quotas.`
      : '')
  );
}
