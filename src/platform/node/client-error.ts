import { STATUS_CODES } from 'node:http';
import type { Answer } from '../../http/answer.ts';
import { type ApiErrorCode, errorAnswer } from '../../http/api-error.ts';
import { JSON_RPC, jsonRpcErrorAnswer } from '../../mcp/json-rpc.ts';
import { MCP_METHODS } from '../../mcp/mcp-headers.ts';
import { PATHS } from '../../service/paths.ts';
import { STATS_METHODS } from '../../stats/stats-endpoint.ts';

/** What Node's parser says of a request it refused (its `clientError`), and what it had read of it. */
export type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** The error's answer by Node's code: the same statuses Node itself answers, and a method it does not know is a 405. */
const CODES: Record<string, ApiErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'REQUEST_HEADERS_TOO_LARGE',
  HPE_INVALID_METHOD: 'METHOD_NOT_ALLOWED',
  HPE_INVALID_URL: 'INVALID_REQUEST_TARGET',
};

/** INVALID_REQUEST_TARGET's resolution, with an example path of this service's. */
const TARGET_RESOLUTION = `Send the request to a path on this host ("${PATHS.productStats.replace('{productId}', '1')}"), not "*" or a full URL.`;

/** A REST error this server answers before routing: the error table's, a target's with its example path. */
export function unroutedErrorAnswer(code: ApiErrorCode, headers: Record<string, string> = {}): Answer {
  return errorAnswer(code, code === 'INVALID_REQUEST_TARGET' ? { headers, resolution: TARGET_RESOLUTION } : { headers });
}

/**
 * A request Node's HTTP parser refused (an unknown method such as FOO, a raw non-ASCII byte in
 * the target, a malformed header, headers too large) or did not receive in time never reaches the
 * routes: this answers it in the shape its path's clients read (the REST Error body, or for
 * /mcp a JSON-RPC error), with the status Node would give, for a connection that is then closed.
 */
export function clientErrorAnswer(error: ParserError): Answer {
  const [, target = ''] = (error.rawPacket?.toString('latin1') ?? '').split('\r\n', 1)[0]!.split(' ');
  const code = CODES[error.code ?? ''] ?? 'MALFORMED_REQUEST';
  const mcp = target === PATHS.mcp || target.startsWith(`${PATHS.mcp}/`) || target.startsWith(`${PATHS.mcp}?`);
  const allow = mcp ? MCP_METHODS : target.startsWith(`${PATHS.api}/`) ? STATS_METHODS : 'GET, HEAD, OPTIONS';
  const headers: Record<string, string> = code === 'METHOD_NOT_ALLOWED' ? { Allow: allow } : {};
  const rest = unroutedErrorAnswer(code, headers);
  if (!mcp) return rest;
  const { message } = JSON.parse(rest.body as string) as { message: string };
  return jsonRpcErrorAnswer(rest.status, JSON_RPC.invalidRequest, `${message}: the request was not read`, null, headers);
}

/** The answer as bytes, closing the connection: nothing else can be read on it. */
export function rawAnswer(answer: Answer): string {
  const body = typeof answer.body === 'string' ? answer.body : '';
  const headers = { ...answer.headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${head.join('')}\r\n${body}`;
}
