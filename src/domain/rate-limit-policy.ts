import { z } from 'zod';

/** The public quotas as the documents state them (gpt.json, llms.txt, the OpenAPI description). */
export const RateLimitPolicySchema = z.object({
  enabled: z.boolean().describe('False on a private deployment that turned quotas off'),
  perClient: z.string(),
  windowSeconds: z.number().int(),
  restRequestsPerWindow: z.number().int(),
  mcpToolCallsPerWindow: z.number().int(),
  mcpRequestsPerWindow: z.number().int().describe('Every POST to /mcp, tools/call included'),
  distinctProductIds: z.object({ limit: z.number().int(), windowSeconds: z.number().int() }).describe('Enumeration guard'),
  whenExceeded: z.string(),
  publicDocuments: z.string(),
});
export type RateLimitPolicy = z.infer<typeof RateLimitPolicySchema>;
