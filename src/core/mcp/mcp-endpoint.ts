import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientRef, QuotaGate } from '../../quota/quota-gate.ts';
import type { DiscoveryContext } from '../discovery/discovery-context.ts';
import { NO_STORE } from '../http/headers.ts';
import type { RequestHandler } from '../rest/stats-api.ts';
import { MCP_PROTOCOL_VERSION } from '../service-info.ts';
import { createServer } from './create-server.ts';
import { createDiscoveryResponder } from './discovery-document.ts';
import { hostAllowed } from './host-check.ts';
import { idOf, JSON_RPC, jsonRpcError } from './json-rpc.ts';
import { MCP_ALLOWED_METHODS, MCP_CORS_HEADERS, MCP_PREFLIGHT_HEADERS } from './mcp-headers.ts';
import { readBodyText } from './read-body.ts';
import { TOOL_NAMES } from './tools/index.ts';

/** Largest request body accepted (a tools/call is a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

/** MCP-Protocol-Version header values served: the one version this server speaks. */
const SUPPORTED_VERSIONS: ReadonlySet<string> = new Set([MCP_PROTOCOL_VERSION]);

export interface McpEndpointDeps extends DiscoveryContext {
  /** Host header values (host or host:port, lower case) accepted; null accepts any (DNS-rebinding guard off). */
  allowedHosts: ReadonlySet<string> | null;
  /** Cache lifetime of the GET discovery document. */
  cache: { maxAge: number; staleWhileRevalidate: number };
  /** Public quotas on POST; null when they are off. */
  quota: QuotaGate | null;
}

/**
 * The MCP endpoint (/mcp): Streamable HTTP, stateless, JSON responses. Everything the SDK's
 * transport would refuse or get wrong for a public stateless server is decided here first (Accept
 * of application/json alone, batches, the pinned protocol version, unknown tools, body size);
 * each valid message then gets a fresh server and transport, closed after the answer.
 */
export function createMcpEndpoint(deps: McpEndpointDeps): RequestHandler {
  const discovery = createDiscoveryResponder(deps);
  /** The POST's one JSON-RPC message, or the error answer that refuses it. */
  const readMessage = async (request: Request): Promise<{ message: unknown } | { refusal: Response; message?: unknown }> => {
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && !SUPPORTED_VERSIONS.has(version.trim())) {
      return { refusal: jsonRpcError(400, JSON_RPC.invalidRequest, `Unsupported MCP-Protocol-Version ${JSON.stringify(version.slice(0, 40))}: this server speaks ${MCP_PROTOCOL_VERSION}`) };
    }
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
      return { refusal: jsonRpcError(415, JSON_RPC.serverError, 'Unsupported Media Type: send Content-Type: application/json') };
    }
    const body = await readBodyText(request, MAX_BODY_BYTES);
    if (body === null) return { refusal: jsonRpcError(413, JSON_RPC.serverError, `Request body too large: at most ${MAX_BODY_BYTES} bytes`) };
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return { refusal: jsonRpcError(400, JSON_RPC.parseError, 'Parse error: the body is not valid JSON') };
    }
    if (Array.isArray(message)) {
      return { refusal: jsonRpcError(400, JSON_RPC.invalidRequest, 'Invalid Request: batches are not supported; send one JSON-RPC message per POST') };
    }
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      return { refusal: jsonRpcError(400, JSON_RPC.invalidRequest, 'Invalid Request: expected a JSON-RPC 2.0 object with jsonrpc "2.0", an id, a method and object params', idOf(message)), message };
    }
    // The SDK would answer an unknown tool with an isError result; it is a protocol error (-32602).
    const call = message as { method?: unknown; params?: { name?: unknown } };
    if (call.method === 'tools/call' && !TOOL_NAMES.has(String(call.params?.name))) {
      return { refusal: jsonRpcError(200, JSON_RPC.invalidParams, `Unknown tool: ${JSON.stringify(String(call.params?.name).slice(0, 80))}. Tools: ${[...TOOL_NAMES].join(', ')}`, idOf(message)), message };
    }
    return { message };
  };

  const answerMessage = async (request: Request, message: unknown): Promise<Response> => {
    const server = createServer(deps);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      // The specification's clients send Accept: application/json alone; answers are always JSON.
      const headers = new Headers(request.headers);
      headers.set('accept', 'application/json, text/event-stream');
      const answer = await transport.handleRequest(new Request(request.url, { method: 'POST', headers }), { parsedBody: message });
      const out = new Headers(answer.headers);
      for (const [name, value] of Object.entries(MCP_CORS_HEADERS)) out.set(name, value);
      out.set('Cache-Control', NO_STORE);
      return new Response(answer.body, { status: answer.status, headers: out });
    } finally {
      await transport.close();
      await server.close();
    }
  };

  /**
   * Every POST counts against the client's ceiling, refused ones included; a tools/call also
   * against its tool-call quota. Over quota: HTTP 429 with Retry-After and a JSON-RPC error that
   * carries the request's id (DESIGN.md), so a client can match it and wait.
   */
  const post = async (request: Request, client: ClientRef): Promise<Response> => {
    const read = await readMessage(request);
    const decision = deps.quota && (await deps.quota.mcp(client, (read.message as { method?: unknown } | undefined)?.method === 'tools/call'));
    if (decision && !decision.allowed) {
      return jsonRpcError(429, JSON_RPC.serverError, 'Rate limit exceeded', idOf(read.message), { 'Retry-After': String(decision.retryAfter), ...decision.headers }, {
        code: 'RATE_LIMIT_EXCEEDED',
        retryAfterSeconds: decision.retryAfter,
      });
    }
    const response = 'refusal' in read ? read.refusal : await answerMessage(request, read.message);
    if (decision) for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value);
    return response;
  };

  const route = async (request: Request, client: ClientRef): Promise<Response> => {
    // A Web Request made in-process carries its authority in the URL, not in a Host header.
    const host = request.headers.get('host') ?? new URL(request.url).host;
    if (deps.allowedHosts !== null && !hostAllowed(host, deps.allowedHosts)) {
      return jsonRpcError(403, JSON_RPC.serverError, 'Forbidden: this Host is not served here (DNS-rebinding protection; see ALLOWED_HOSTS)');
    }
    switch (request.method) {
      case 'OPTIONS':
        return new Response(null, { status: 204, headers: MCP_PREFLIGHT_HEADERS });
      case 'GET':
        // No server-initiated stream: 405 tells SDK clients not to retry (a 200 would make them poll).
        if ((request.headers.get('accept') ?? '').includes('text/event-stream')) {
          return jsonRpcError(405, JSON_RPC.serverError, 'Method Not Allowed: this server sends no event stream; POST JSON-RPC requests instead', null, { Allow: MCP_ALLOWED_METHODS });
        }
        return discovery(request);
      case 'POST':
        return post(request, client);
      default:
        return jsonRpcError(405, JSON_RPC.serverError, `Method Not Allowed: use POST for JSON-RPC, GET for the discovery document`, null, { Allow: MCP_ALLOWED_METHODS });
    }
  };

  return async (request, info) => {
    try {
      return await route(request, { address: info?.clientAddress ?? null });
    } catch (error) {
      deps.logError(error);
      return jsonRpcError(500, -32603, 'Internal error', null);
    }
  };
}
