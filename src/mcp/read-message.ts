import { classifyInboundRequest, PROTOCOL_VERSION_META_KEY, type StandardSchemaV1, specTypeSchemas } from '@modelcontextprotocol/server';
import type { BodyRequest } from '../http/answer.ts';
import { BodyTimeoutError } from '../http/read-body.ts';
import { type ClientAllowance, readVersionHeader } from './client-allowances.ts';
import { idOf, JSON_RPC, type JsonRpcId } from './json-rpc.ts';
import { MODERN_PROTOCOL_VERSION, SERVED_PROTOCOL_VERSIONS } from './protocol.ts';
import type { ToolSet } from './tool-list.ts';

/** Largest request body accepted (a tools/call is a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

/** One JSON-RPC message, checked; `era` is how the SDK classifies it. */
export interface McpMessage {
  era: 'modern' | 'legacy';
  method: string;
  /** A request (with an id), or a notification. */
  body: { jsonrpc: '2.0'; id?: string | number; method: string; params?: Record<string, unknown> };
  /** The MCP-Protocol-Version it is answered under (the SDK is handed this value); null when none was sent. */
  versionHeader: string | null;
  /** The client allowances that read its header so; usually none. */
  allowances: ClientAllowance[];
}

/** A refused POST: the JSON-RPC error to answer, and the message when it could be read. */
export interface McpRefusal {
  status: number;
  code: number;
  message: string;
  id: JsonRpcId;
  data?: unknown;
  method?: string;
}

/** The request params the SDK validates with a schema whose failures read as a dump: checked here first. */
const PARAMS_SCHEMAS = new Map<string, StandardSchemaV1>([
  ['initialize', specTypeSchemas.InitializeRequest],
  ['ping', specTypeSchemas.PingRequest],
  ['tools/list', specTypeSchemas.ListToolsRequest],
  ['tools/call', specTypeSchemas.CallToolRequest],
  ['server/discover', specTypeSchemas.DiscoverRequest],
  ['resources/list', specTypeSchemas.ListResourcesRequest],
  ['resources/read', specTypeSchemas.ReadResourceRequest],
]);

const refuse = (status: number, code: number, message: string, id: JsonRpcId = null, data?: unknown): McpRefusal => ({
  status,
  code,
  message,
  id,
  ...(data === undefined ? {} : { data }),
});

/** "params.arguments: expected an object, received array": the first problem, named by its path. */
function readableIssue(issues: readonly { path?: readonly unknown[]; message: string }[]): string {
  const [first] = issues;
  if (first === undefined) return 'Invalid params';
  const path = (first.path ?? []).map((p) => (typeof p === 'object' && p !== null && 'key' in p ? p.key : p)).join('.');
  const text = first.message
    .replace(/^Invalid input: /, '')
    .replace(/expected record/, 'expected an object')
    .replace(
      /expected (string|number|object|array|boolean)\b/,
      (_, type: string) => `expected ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`,
    );
  return `Invalid params: ${path || 'params'}: ${text.replace(/, received undefined$/, ' (missing)')}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
}

/**
 * A JSON-RPC 2.0 request or notification as MCP has them: jsonrpc "2.0", a method, an id that is
 * a string or an integer (MCP: "Requests MUST include a string or integer ID"; none for a
 * notification), params an object when present. An integer past ±(2^53 − 1) is refused too: a
 * JavaScript number cannot hold it, so no answer could echo it exactly. (Responses are for the
 * server to send: a client's is refused too.)
 */
function isRequestOrNotification(body: unknown): body is McpMessage['body'] {
  if (body === null || typeof body !== 'object') return false;
  const { jsonrpc, method, id, params } = body as Record<string, unknown>;
  return (
    jsonrpc === '2.0' &&
    typeof method === 'string' &&
    (id === undefined || typeof id === 'string' || Number.isSafeInteger(id)) &&
    (params === undefined || (params !== null && typeof params === 'object' && !Array.isArray(params)))
  );
}

/**
 * Whether the message was a notification (no id). A refusal names its method only once the
 * message passed the JSON-RPC checks, a valid id included: its id is then null only when it had none.
 */
export function wasNotification(read: McpMessage | McpRefusal): boolean {
  return 'body' in read ? read.body.id === undefined : read.method !== undefined && read.id === null;
}

/** The words of the rule isRequestOrNotification checks. */
export const NOT_A_REQUEST = `Invalid Request: expected a JSON-RPC 2.0 object with jsonrpc "2.0", a string method, an optional id (a string, or an integer from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}) and object params`;

/** The revision a 2026-07-28 style request claims in its _meta envelope, if it has one. */
function envelopeClaim(params: unknown): unknown {
  const meta = (params as { _meta?: unknown } | undefined)?._meta;
  return meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY] : undefined;
}

/**
 * Reads and checks the one JSON-RPC message of a POST to /mcp, in the order a client can fix its
 * request: media type, size, JSON, batch, JSON-RPC shape, protocol revision, params. Every refusal
 * is a readable JSON-RPC error; what passes is safe to hand to the SDK.
 */
export async function readMessage(request: BodyRequest, toolSet: ToolSet): Promise<McpMessage | McpRefusal> {
  const contentType = request.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType.trim())) {
    return refuse(415, JSON_RPC.serverError, 'Unsupported Media Type: send Content-Type: application/json');
  }
  let text: string | null;
  try {
    text = await request.text(MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTimeoutError) {
      const seconds = error.timeoutMs / 1000;
      return refuse(408, JSON_RPC.serverError, `Request Timeout: the request body did not arrive within ${seconds} s`);
    }
    // The client went away mid-body: nobody will read this answer.
    return refuse(400, JSON_RPC.parseError, 'Parse error: the request body could not be read');
  }
  if (text === null) return refuse(413, JSON_RPC.serverError, `Request body too large: at most ${MAX_BODY_BYTES} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, JSON_RPC.parseError, 'Parse error: the body is not valid JSON');
  }
  if (Array.isArray(body)) {
    return refuse(400, JSON_RPC.invalidRequest, 'Invalid Request: batches are not supported; send one JSON-RPC message per POST');
  }
  const id = idOf(body, text);
  const message = body as McpMessage['body'];
  if (!isRequestOrNotification(body)) return refuse(400, JSON_RPC.invalidRequest, NOT_A_REQUEST, id);
  const method = message.method;
  const claim = envelopeClaim(message.params);
  const { header, allowances } = readVersionHeader(request.header('mcp-protocol-version'), claim);
  // A request without the 2026-07-28 envelope names its revision in the header alone. (With the
  // envelope, the SDK answers an unserved claim or a header that disagrees with it.)
  if (claim === undefined && header !== null && !SERVED_PROTOCOL_VERSIONS.includes(header.trim())) {
    const requested = header.trim().slice(0, 40);
    const text = `Unsupported protocol version: ${JSON.stringify(requested)}. Supported: ${SERVED_PROTOCOL_VERSIONS.join(', ')}`;
    return { ...refuse(400, JSON_RPC.unsupportedProtocolVersion, text, id, { supported: SERVED_PROTOCOL_VERSIONS, requested }), method };
  }
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: header ?? undefined,
    mcpMethodHeader: request.header('mcp-method') ?? undefined,
    mcpNameHeader: request.header('mcp-name') ?? undefined,
    body: message,
  });
  if (outcome.kind === 'reject') {
    return { ...refuse(outcome.httpStatus, outcome.code, outcome.message, id, outcome.data), method };
  }
  // The SDK answers what this revision does not have (initialize under 2026-07-28 is a 404) and unserved claims.
  const checkParams =
    outcome.kind === 'legacy' ? method !== 'server/discover' : claim === MODERN_PROTOCOL_VERSION && method !== 'initialize';
  const schema = checkParams ? PARAMS_SCHEMAS.get(method) : undefined;
  if (schema !== undefined && 'id' in message) {
    const checked = schema['~standard'].validate(message) as { issues?: readonly { path?: readonly unknown[]; message: string }[] };
    if (checked.issues !== undefined) return { ...refuse(200, JSON_RPC.invalidParams, readableIssue(checked.issues), id), method };
  }
  // A notification is never run (nor answered): its tool and arguments are not read.
  if (checkParams && method === 'tools/call' && 'id' in message) {
    const name = String(message.params?.name);
    const tool = toolSet.byName.get(name);
    if (tool === undefined) {
      const text = `Unknown tool: ${JSON.stringify(name.slice(0, 80))}. Tools: ${[...toolSet.byName.keys()].join(', ')}`;
      return { ...refuse(200, JSON_RPC.invalidParams, text, id), method };
    }
    const refusal = tool.paramsRefusal?.(message.params?.arguments) ?? null;
    if (refusal !== null) return { ...refuse(200, JSON_RPC.invalidParams, refusal, id), method };
  }
  return { era: outcome.kind, method, body: message, versionHeader: header, allowances };
}
