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

export type JsonRpcId = string | number | null;

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

/** The id of a request we refuse, when it has a valid one (so the client can match the error). */
export function idOf(message: unknown): JsonRpcId {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
