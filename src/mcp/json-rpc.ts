import { type Answer, JSON_CONTENT_TYPE } from '../http/answer.ts';
import { API_ERRORS } from '../http/api-error.ts';
import { NO_STORE } from '../http/caching.ts';
import type { ErrorShape } from '../http/error-shape.ts';
import { MCP_CORS_HEADERS } from './mcp-headers.ts';

/** The JSON-RPC 2.0 error codes this endpoint answers with itself (the SDK answers -32601). */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** 2026-07-28: the request names a protocol revision this server does not serve; data lists the served ones. */
  unsupportedProtocolVersion: -32022,
  /** Implementation-defined server error: HTTP-level refusals (host, method, media type, size, quota). */
  serverError: -32000,
} as const;

/** What JSON.rawJSON makes: a number's JSON text, written as it is by JSON.stringify. */
export interface RawJson {
  readonly rawJSON: string;
}

/**
 * A request id as an answer echoes it: a string, a number, or (for a number JavaScript cannot
 * hold exactly, such as 123456789012345678901234567890) the JSON text it was received as.
 */
export type JsonRpcId = string | number | RawJson | null;

/** A JSON-RPC error answer, sent with the HTTP status that fits the transport-level cause. */
export function jsonRpcErrorAnswer(
  status: number,
  code: number,
  message: string,
  id: JsonRpcId = null,
  headers: Record<string, string> = {},
  data?: unknown,
): Answer {
  const error = data === undefined ? { code, message } : { code, message, data };
  return {
    status,
    headers: { ...MCP_CORS_HEADERS, 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': NO_STORE, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', error, id }),
  };
}

/**
 * The MCP endpoints' errors (src/http/error-shape.ts), each with the HTTP status of the error
 * table: a failure is an internal error with no detail; a request the server refused before
 * reading it an invalid request that says so; a rate limit the server error -32000 with the
 * wait in `data`; anything else the server error with the table's message.
 */
export const JSON_RPC_ERRORS: ErrorShape = {
  name: 'json-rpc',
  answer: (code, { headers = {}, unread = false, id = null } = {}) => {
    const { status, message } = API_ERRORS[code];
    if (code === 'INTERNAL_ERROR') return jsonRpcErrorAnswer(status, JSON_RPC.internalError, 'Internal error', null, headers);
    if (unread) return jsonRpcErrorAnswer(status, JSON_RPC.invalidRequest, `${message}: the request was not read`, null, headers);
    const wait = headers['Retry-After'];
    const data = code === 'RATE_LIMIT_EXCEEDED' && wait !== undefined ? { code, retryAfterSeconds: Number(wait) } : undefined;
    return jsonRpcErrorAnswer(status, JSON_RPC.serverError, message, id, headers, data);
  },
};

/**
 * The id of a request we refuse, as it was received, so the client can match the error: a string,
 * an integer within ±(2^53 − 1) as it is, another number (a fraction, a larger integer) as its JSON
 * text in `text`, the message's source (read again only then: refusals are rare). Anything else,
 * or no id, is null.
 */
export function idOf(message: unknown, text?: string): JsonRpcId {
  const id = (message as { id?: unknown } | null)?.id;
  if (typeof id === 'string' || Number.isSafeInteger(id)) return id as string | number;
  if (typeof id !== 'number') return null;
  const source = text === undefined ? undefined : sourceOfId(text);
  if (source !== undefined) return (JSON as unknown as { rawJSON(text: string): RawJson }).rawJSON(source);
  return Number.isFinite(id) ? id : null;
}

/** The JSON text of the top-level object's `id` (JSON.parse's source text access, ES2025). */
function sourceOfId(text: string): string | undefined {
  const sources = new Map<unknown, string>();
  const parsed: unknown = JSON.parse(text, function (this: unknown, key: string, value: unknown, context?: { source?: string }) {
    if (key === 'id' && context?.source !== undefined) sources.set(this, context.source);
    return value;
  });
  return sources.get(parsed);
}
