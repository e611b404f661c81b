import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { type RequestFacts, toResponse } from '../http/answer.ts';
import { type CachePolicy, NO_STORE } from '../http/caching.ts';
import { hostAllowed } from '../http/host-check.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import { createDiscoveryDocument } from './discovery-document.ts';
import { idOf, JSON_RPC, jsonRpcError } from './json-rpc.ts';
import { MCP_CORS_HEADERS, MCP_METHODS, mcpPreflight } from './mcp-headers.ts';
import { MCP_PROTOCOL_VERSION } from './protocol.ts';
import { readBodyText } from './read-body.ts';
import { createServer } from './server.ts';
import { TOOL_NAMES } from './tool-list.ts';
import type { ToolContext } from './tools/tool-context.ts';

/** Largest request body accepted (a tools/call is a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

/** MCP-Protocol-Version header values served: the one version this server speaks. */
const SUPPORTED_VERSIONS: ReadonlySet<string> = new Set([MCP_PROTOCOL_VERSION]);

export interface McpDeps extends ToolContext {
  /** Host header values (host or host:port, lower case) accepted; null accepts any (DNS-rebinding guard off). */
  allowedHosts: ReadonlySet<string> | null;
  /** Cache lifetime of the GET discovery document. */
  cache: CachePolicy;
  /** Public quotas on POST; null when they are off. */
  quota: QuotaGate | null;
}

type Read = { message: unknown } | { refusal: Response; message?: unknown };

/**
 * The MCP endpoint (/mcp): Streamable HTTP, stateless, JSON responses. Everything the SDK's
 * transport would refuse or get wrong for a public stateless server is decided here first (Accept
 * of application/json alone, batches, the pinned protocol version, unknown tools, body size);
 * each valid message then gets a fresh server and transport, closed after the answer.
 */
export function createMcpEndpoint(deps: McpDeps): (request: Request, facts: RequestFacts) => Promise<Response> {
  const discovery = createDiscoveryDocument(deps.siteUrl, deps.cache);

  /** The POST's one JSON-RPC message, or the error answer that refuses it. */
  const readMessage = async (request: Request): Promise<Read> => {
    const version = request.headers.get('mcp-protocol-version');
    if (version !== null && !SUPPORTED_VERSIONS.has(version.trim())) {
      const message = `Unsupported MCP-Protocol-Version ${JSON.stringify(version.slice(0, 40))}: this server speaks ${MCP_PROTOCOL_VERSION}`;
      return { refusal: jsonRpcError(400, JSON_RPC.invalidRequest, message) };
    }
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
      return { refusal: jsonRpcError(415, JSON_RPC.serverError, 'Unsupported Media Type: send Content-Type: application/json') };
    }
    const body = await readBodyText(request, MAX_BODY_BYTES);
    if (body === null)
      return { refusal: jsonRpcError(413, JSON_RPC.serverError, `Request body too large: at most ${MAX_BODY_BYTES} bytes`) };
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return { refusal: jsonRpcError(400, JSON_RPC.parseError, 'Parse error: the body is not valid JSON') };
    }
    if (Array.isArray(message)) {
      const text = 'Invalid Request: batches are not supported; send one JSON-RPC message per POST';
      return { refusal: jsonRpcError(400, JSON_RPC.invalidRequest, text) };
    }
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      const text = 'Invalid Request: expected a JSON-RPC 2.0 object with jsonrpc "2.0", an id, a method and object params';
      return { refusal: jsonRpcError(400, JSON_RPC.invalidRequest, text, idOf(message)), message };
    }
    // The SDK would answer an unknown tool with an isError result; it is a protocol error (-32602).
    const call = message as { method?: unknown; params?: { name?: unknown } };
    if (call.method === 'tools/call' && !TOOL_NAMES.has(String(call.params?.name))) {
      const text = `Unknown tool: ${JSON.stringify(String(call.params?.name).slice(0, 80))}. Tools: ${[...TOOL_NAMES].join(', ')}`;
      return { refusal: jsonRpcError(200, JSON_RPC.invalidParams, text, idOf(message)), message };
    }
    return { message };
  };

  const answerMessage = async (request: Request, message: unknown): Promise<Response> => {
    const server = createServer(deps);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      // The contract's clients send Accept: application/json alone; answers are always JSON.
      const headers = new Headers(request.headers);
      headers.set('accept', 'application/json, text/event-stream');
      const answer = await transport.handleRequest(new Request(request.url, { method: 'POST', headers }), { parsedBody: message });
      // The SDK builds the answer: this endpoint's own headers are set on a copy of its headers.
      const out = new Headers(answer.headers);
      for (const [name, value] of Object.entries({ ...MCP_CORS_HEADERS, 'Cache-Control': NO_STORE })) out.set(name, value);
      return new Response(answer.body, { status: answer.status, headers: out });
    } finally {
      await transport.close();
      await server.close();
    }
  };

  /**
   * Every POST counts against the client's ceiling, refused ones included; a tools/call also
   * against its tool-call quota. Over quota: HTTP 429 with Retry-After and a JSON-RPC error that
   * carries the request's id, so a client can match it and wait.
   */
  const post = async (request: Request, facts: RequestFacts): Promise<Response> => {
    const read = await readMessage(request);
    const toolCall = (read.message as { method?: unknown } | undefined)?.method === 'tools/call';
    const decision = deps.quota && (await deps.quota.mcp(facts.client, toolCall));
    if (decision && !decision.allowed) {
      const headers = { 'Retry-After': String(decision.retryAfter), ...decision.headers };
      const data = { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: decision.retryAfter };
      return jsonRpcError(429, JSON_RPC.serverError, 'Rate limit exceeded', idOf(read.message), headers, data);
    }
    const response = 'refusal' in read ? read.refusal : await answerMessage(request, read.message);
    // The counted answer, the SDK's or a refusal, carries the client's quota fields.
    if (decision) for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value);
    return response;
  };

  return async (request, facts) => {
    // A Web Request made in-process carries its authority in the URL, not in a Host header.
    const host = facts.header('host') ?? new URL(request.url).host;
    if (deps.allowedHosts !== null && !hostAllowed(host, deps.allowedHosts)) {
      const message = 'Forbidden: this Host is not served here (DNS-rebinding protection; see ALLOWED_HOSTS)';
      return jsonRpcError(403, JSON_RPC.serverError, message);
    }
    switch (facts.method) {
      case 'OPTIONS':
        return toResponse(mcpPreflight());
      case 'GET':
        // No server-initiated stream: 405 tells SDK clients not to retry (a 200 would make them poll).
        if ((facts.header('accept') ?? '').includes('text/event-stream')) {
          const message = 'Method Not Allowed: this server sends no event stream; POST JSON-RPC requests instead';
          return jsonRpcError(405, JSON_RPC.serverError, message, null, { Allow: MCP_METHODS });
        }
        return toResponse(discovery(facts));
      case 'POST':
        return post(request, facts);
      default: {
        const message = 'Method Not Allowed: use POST for JSON-RPC, GET for the discovery document';
        return jsonRpcError(405, JSON_RPC.serverError, message, null, { Allow: MCP_METHODS });
      }
    }
  };
}
