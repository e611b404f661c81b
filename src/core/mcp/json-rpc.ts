import { JSON_CONTENT_TYPE, NO_STORE } from '../http/headers.ts';
import { MCP_CORS_HEADERS } from './mcp-headers.ts';

/** JSON-RPC 2.0 error codes this endpoint answers with itself (the SDK answers the others, -32601 included). */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  /** Implementation-defined server errors: HTTP-level refusals (host, method, size, quota). */
  serverError: -32000,
} as const;

export type JsonRpcId = string | number | null;

/** A JSON-RPC error response, sent with the HTTP status that fits the transport-level cause. */
export function jsonRpcError(status: number, code: number, message: string, id: JsonRpcId = null, headers: Record<string, string> = {}, data?: unknown): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id }), {
    status,
    headers: { ...MCP_CORS_HEADERS, 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': NO_STORE, ...headers },
  });
}

/** The id of a request we refuse, when it has a valid one (so the client can match the error). */
export function idOf(message: unknown): JsonRpcId {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}
