import { STATUS_CODES } from 'node:http';
import type { Answer } from '../../http/answer.ts';
import type { ApiErrorCode } from '../../http/api-error.ts';
import { pathOf } from './node-request.ts';

/** What Node's parser says of a request it refused (its `clientError`), and what it had read of it. */
export type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** The error's answer by Node's code: the same statuses Node itself answers, and a method it does not know is a 405. */
const CODES: Record<string, ApiErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'REQUEST_HEADERS_TOO_LARGE',
  HPE_INVALID_METHOD: 'METHOD_NOT_ALLOWED',
  HPE_INVALID_URL: 'INVALID_REQUEST_TARGET',
};

/**
 * A request Node's HTTP parser refused (an unknown method such as FOO, a raw non-ASCII byte in
 * the target, a malformed header, headers too large) or did not receive in time never reaches the
 * routes: its error code (the status Node itself would give), and the path of its target as far
 * as the parser read it (null when there is none), for the app to answer in that path's route's
 * error shape (App.refused).
 */
export function refusedRequest(error: ParserError): { path: string | null; code: ApiErrorCode } {
  const [, target = ''] = (error.rawPacket?.toString('latin1') ?? '').split('\r\n', 1)[0]!.split(' ');
  return { path: pathOf(target)?.pathname ?? null, code: CODES[error.code ?? ''] ?? 'MALFORMED_REQUEST' };
}

/** The answer as bytes, closing the connection: nothing else can be read on it. */
export function rawAnswer(answer: Answer): string {
  const body = typeof answer.body === 'string' ? answer.body : '';
  const headers = { ...answer.headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${head.join('')}\r\n${body}`;
}
