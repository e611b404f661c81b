import type { CacheHint } from '@modelcontextprotocol/server';
import type { AnswerContext } from '../answers/context.ts';
import { namesMediaType } from '../http/accept.ts';
import type { Answer, BodyRequest } from '../http/answer.ts';
import { type CachePolicy, NO_STORE } from '../http/caching.ts';
import { hostAllowed } from '../http/host-check.ts';
import { originAllowed } from '../http/origin-check.ts';
import { type McpOutcome, type MetricsRecorder, NO_METRICS } from '../observability/metrics/metrics-recorder.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { AppViews } from './app-views.ts';
import { callLabels, sdkOutcome } from './call-metrics.ts';
import { createAllowanceLog } from './client-allowances.ts';
import { callContext } from './counters-guard.ts';
import { createDiscoveryDocument } from './discovery-document.ts';
import { fastLaneAnswer } from './fast-lane.ts';
import { JSON_RPC, jsonRpcErrorAnswer } from './json-rpc.ts';
import { MCP_CORS_HEADERS, MCP_METHODS, mcpPreflight } from './mcp-headers.ts';
import { type McpMessage, type McpRefusal, readMessage, wasNotification } from './read-message.ts';
import { createSdkServing } from './sdk-serving.ts';
import type { ToolSet } from './tool-list.ts';

export interface McpDeps extends AnswerContext {
  /** Host header values (host or host:port, lower case) accepted; null accepts any (DNS-rebinding guard off). */
  allowedHosts: ReadonlySet<string> | null;
  /** Origins browser pages may call from (loopback pages always may); null accepts any. */
  allowedOrigins: ReadonlySet<string> | null;
  /** Cache lifetime of the GET discovery document, and of the list answers 2026-07-28 clients may cache. */
  cache: CachePolicy;
  /** Public quotas on POST; null when they are off. */
  quota: QuotaGate | null;
  /** Off: every message goes to the SDK (the fast lane's tests compare the two). */
  fastLane?: boolean;
  /** A warning for the operator, with fields for a collector to read. */
  logWarn: (message: string, fields: Record<string, unknown>) => void;
  /** The MCP Apps views the build made (null: none; the tools are served without them). */
  appViews: AppViews | null;
  /** Where tools/call outcomes, client allowances and search times are counted; unset: nowhere. */
  metrics?: MetricsRecorder;
}

/** Which endpoint: its path, and the tools it offers. */
export interface McpEndpointSpec {
  path: string;
  toolSet: ToolSet;
}

/** How many calls a tools/call counts as (its tool's `uses`; 1 when it has none or the message is refused). */
function usesOf(read: McpMessage | McpRefusal, toolSet: ToolSet): number {
  if (!('body' in read)) return 1;
  const params = read.body.params as { name?: unknown; arguments?: unknown } | undefined;
  const uses = toolSet.byName.get(String(params?.name))?.uses?.(params?.arguments) ?? 1;
  return Number.isSafeInteger(uses) && uses > 1 ? uses : 1;
}

/**
 * The MCP endpoint (/mcp): Streamable HTTP, stateless, JSON answers, for the 2026-07-28, 2025-11-25
 * and 2025-06-18 revisions. What a public stateless server must decide for itself comes first here
 * (Host and Origin, methods, media type, size, batches, served revisions, readable params errors,
 * quotas); each checked message is then answered by the official SDK.
 */
export function createMcpEndpoint(deps: McpDeps, spec: McpEndpointSpec): (request: BodyRequest) => Promise<Answer | Response> {
  const { toolSet } = spec;
  const discovery = createDiscoveryDocument(deps.siteUrl, spec.path, toolSet, deps.cache, toolSet.views && deps.appViews !== null);
  const listCache: CacheHint = { ttlMs: deps.cache.maxAge * 1000, cacheScope: 'public' };
  const sdk = createSdkServing(deps, listCache, toolSet, deps.appViews);
  const logAllowances = createAllowanceLog(spec.path, deps.logWarn);
  const metrics = deps.metrics ?? NO_METRICS;

  /**
   * Every POST counts against the client's ceiling, refused ones included; a tools/call also
   * against its tool-call quota, and one that would show a product's counters against the
   * enumeration guard (counters-guard.ts), which withholds them rather than refusing the call.
   * Over quota: HTTP 429 with Retry-After and a JSON-RPC error that carries the request's id, so
   * a client can match it and wait. A tools/call sent as a
   * notification (no id) is never run: JSON-RPC answers none, MCP a bare 202. It spends no call and
   * is counted as a notification, not as an error.
   */
  const post = async (request: BodyRequest): Promise<Answer | Response> => {
    const read = await readMessage(request, toolSet);
    if ('body' in read && read.allowances.length > 0) {
      logAllowances(read.allowances, request.client, read.body);
      for (const pattern of read.allowances) metrics.clientAllowance(pattern);
    }
    const notification = wasNotification(read);
    const toolCall = read.method === 'tools/call' && !notification;
    let decision = deps.quota && (await deps.quota.mcp(request.client, toolCall));
    // A call that counts as several (a UCP lookup's ids) takes its other uses too, until one is refused.
    for (let more = toolCall && decision?.allowed ? usesOf(read, toolSet) - 1 : 0; more > 0 && decision?.allowed; more--)
      decision = await deps.quota!.mcp(request.client, true);
    const id = 'body' in read ? (read.body.id ?? null) : read.id;
    // A tools/call's labels, made only when metrics are on (no work per request otherwise).
    const call = read.method === 'tools/call' && metrics.enabled ? callLabels(read, request, toolSet) : null;
    const count = (outcome: McpOutcome) => {
      if (call) metrics.mcpCall(call.tool, notification ? 'notification' : outcome, call.revision);
    };
    if (decision && !decision.allowed) {
      count('rate_limited');
      const headers = { 'Retry-After': String(decision.retryAfter), ...decision.headers };
      const data = { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: decision.retryAfter };
      return jsonRpcErrorAnswer(429, JSON_RPC.serverError, 'Rate limit exceeded', id, headers, data);
    }
    // The counted answer, ours or the SDK's, carries the client's quota fields.
    const quotaFields = decision ? decision.headers : {};
    if (!('body' in read)) {
      count('error');
      return jsonRpcErrorAnswer(read.status, read.code, read.message, read.id, quotaFields, read.data);
    }
    // The search tools sign their cursors with this secret: read once per process, before the first call runs.
    const secret = toolCall ? deps.cursorSecret.ready() : null;
    if (secret !== null) await secret;
    // This endpoint's own headers, on the fast lane's answer and on the SDK's alike.
    const own = { ...MCP_CORS_HEADERS, 'Cache-Control': NO_STORE, ...quotaFields };
    // A call that would show a product's counters asks the enumeration guard; past it, they are withheld.
    const guarded = toolCall ? callContext(deps, deps.quota, toolSet, read, request.client) : deps;
    const ctx = guarded instanceof Promise ? await guarded : guarded;
    const fast = deps.fastLane === false ? null : fastLaneAnswer(ctx, toolSet, read, request);
    if (fast !== null) {
      count(fast.isError ? 'tool_error' : 'ok');
      return { ...fast.answer, headers: { ...fast.answer.headers, ...own } };
    }
    const answer = await sdk.serve(request.webRequest(), read, ctx);
    if (call && notification) count('notification');
    else if (call) void sdkOutcome(answer.clone()).then(count);
    // The SDK builds the answer: this endpoint's own headers are set on a copy of its headers.
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(own)) headers.set(name, value);
    return new Response(answer.body, { status: answer.status, headers });
  };

  return async (request) => {
    // A Web Request made in-process carries its authority in the URL, not in a Host header.
    const host = request.header('host') ?? new URL(request.webRequest().url).host;
    if (deps.allowedHosts !== null && !hostAllowed(host, deps.allowedHosts)) {
      const message = 'Forbidden: this Host is not served here (DNS-rebinding protection; see ALLOWED_HOSTS)';
      return jsonRpcErrorAnswer(403, JSON_RPC.serverError, message);
    }
    if (!originAllowed(request.header('origin'), deps.allowedOrigins)) {
      const message = 'Forbidden: pages of this Origin may not call this endpoint (see ALLOWED_ORIGINS)';
      return jsonRpcErrorAnswer(403, JSON_RPC.serverError, message);
    }
    switch (request.method) {
      case 'OPTIONS':
        return mcpPreflight();
      case 'GET':
      case 'HEAD':
        // No server-initiated stream: 405 tells SDK clients not to retry (a 200 would make them poll).
        // HEAD is answered as GET is (RFC 9110 9.3.2); an event stream weighted q=0 is not asked for.
        if (namesMediaType(request.header('accept'), 'text/event-stream')) {
          const message = 'Method Not Allowed: this server sends no event stream; POST JSON-RPC requests instead';
          return jsonRpcErrorAnswer(405, JSON_RPC.serverError, message, null, { Allow: MCP_METHODS });
        }
        return discovery(request);
      case 'POST':
        return post(request);
      default: {
        const message = 'Method Not Allowed: use POST for JSON-RPC, GET or HEAD for the discovery document';
        return jsonRpcErrorAnswer(405, JSON_RPC.serverError, message, null, { Allow: MCP_METHODS });
      }
    }
  };
}
