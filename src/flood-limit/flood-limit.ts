import type { RateLimits } from '../config/config.ts';
import { PATHS } from '../contract/paths.ts';
import type { Answer, BodyRequest } from '../http/answer.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import { rateLimitMember, rateLimitPolicyField } from '../http/rate-limit-fields.ts';
import { idOf, JSON_RPC_ERRORS } from '../mcp/json-rpc.ts';

/**
 * Netlify's first line: a rate-limit rule on the service function (`config.rateLimit` in
 * netlify/functions/service.ts, a literal Netlify reads without running the code; a test keeps the
 * two equal). Past `windowLimit` requests from one address to one host name within a sliding
 * `windowSize` seconds, Netlify does not invoke the service function: it rewrites the request to
 * `to`, which a function of its own answers (netlify/functions/rate-limited.ts), so a flood never
 * reaches the quota counters in Blobs. Coarse by design: well above what a client within the exact
 * quotas can send (firstLineNote), so that only floods meet it. docs/operations.md#netlifys-first-line.
 */
export const NETLIFY_FIRST_LINE = {
  action: 'rewrite',
  to: PATHS.rateLimited,
  windowSize: 60,
  windowLimit: 1200,
  // An array: @netlify/zip-it-and-ship-it turns a single aggregator string into ["domain"] (one
  // count for every client of a host name).
  aggregateBy: ['ip', 'domain'],
} as const;

/** The policy's name in the RateLimit fields, beside rest, ids, mcp and mcp-calls. */
const POLICY = 'flood';

/** Largest body read to find a JSON-RPC request's id (an MCP POST is a few hundred bytes). */
const MAX_BODY_BYTES = 64 * 1024;

const MCP_PATHS: ReadonlySet<string> = new Set([PATHS.mcp, PATHS.research]);

const HEADERS = {
  // The sliding window is empty again at most windowSize seconds after the last request.
  'Retry-After': String(NETLIFY_FIRST_LINE.windowSize),
  'RateLimit-Policy': rateLimitPolicyField([
    { policy: POLICY, quota: NETLIFY_FIRST_LINE.windowLimit, windowSeconds: NETLIFY_FIRST_LINE.windowSize },
  ]),
  RateLimit: rateLimitMember(POLICY, 0, NETLIFY_FIRST_LINE.windowSize),
};

const isJsonRpc = (message: unknown): boolean =>
  message !== null && typeof message === 'object' && (message as { jsonrpc?: unknown }).jsonrpc === '2.0';

/** The message a POST carries, and its text, when its body is JSON within the cap; undefined otherwise. */
async function messageOf(request: BodyRequest): Promise<{ message: unknown; text: string } | undefined> {
  if (request.method !== 'POST') return undefined;
  try {
    const text = await request.text(MAX_BODY_BYTES);
    return text === null ? undefined : { message: JSON.parse(text), text };
  } catch {
    // Not JSON, or a body that never arrived whole: the answer is the same 429 without an id.
    return undefined;
  }
}

/**
 * The first line's answer, whatever the request: the contract's 429 with Retry-After and the
 * RateLimit fields. A JSON-RPC message (or any request to an MCP path, should Netlify hand over
 * the path asked for rather than the rewritten one) gets the MCP error carrying the request's id;
 * everything else the REST Error object. It counts nothing, reads no snapshot and calls nothing.
 */
export async function firstLineAnswer(request: BodyRequest): Promise<Answer> {
  const read = await messageOf(request);
  const message = read?.message;
  const batch = Array.isArray(message) && message.some(isJsonRpc);
  // A batch has no one id to answer with (this endpoint refuses batches with a null id too).
  if (MCP_PATHS.has(request.pathname) || batch || isJsonRpc(message))
    return JSON_RPC_ERRORS.answer('RATE_LIMIT_EXCEEDED', { headers: HEADERS, id: idOf(message, read?.text) });
  return REST_ERRORS.answer('RATE_LIMIT_EXCEEDED', { headers: HEADERS });
}

/**
 * Why the first line's fixed numbers may refuse a client that keeps within the configured quotas
 * (printed by the build on Netlify); null when they cannot. Every request to the service function
 * counts there, and a client within its quotas may spend a whole window's quota at the end of one
 * fixed window and again at the start of the next: in windowSize seconds it may send the REST and
 * MCP quotas of every window that span touches, times the largest shared-network multiplier (a
 * network's egress may be one address).
 */
export function firstLineNote(limits: RateLimits): string | null {
  if (!limits.enabled) return null;
  const { windowSize, windowLimit } = NETLIFY_FIRST_LINE;
  const multiplier = Math.max(1, ...limits.networks.map((n) => n.multiplier));
  const windows = Math.ceil(windowSize / limits.windowSeconds) + 1;
  const most = (limits.rest + limits.mcpRequests) * multiplier * windows;
  if (most <= windowLimit) return null;
  const who = multiplier > 1 ? `an address of a shared network (x${multiplier})` : 'one address';
  return (
    `Netlify's first line answers 429 past ${windowLimit} requests per ${windowSize} s from one address ` +
    `(config.rateLimit in netlify/functions/service.ts), but within the configured quotas ${who} may send up to ${most} ` +
    `in ${windowSize} s: raise windowLimit there, or expect those clients to meet the first line before their quotas ` +
    '(docs/operations.md#netlifys-first-line).'
  );
}
