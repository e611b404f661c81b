import type { Answer } from './answer.ts';

/**
 * The answer to GET, or to HEAD the same answer without its body (RFC 9110 9.3.2: HEAD is served
 * wherever GET is, with GET's header fields). HEAD also states the Content-Length GET sends
 * (RFC 9110 8.6), so a client can learn a page's size without fetching it; a body whose length is
 * not known here (a stream, or none) states none, and the caller may state it (a file's size).
 */
export function getOrHead(method: string, status: number, headers: Record<string, string>, body: Answer['body']): Answer {
  if (method !== 'HEAD') return { status, headers, body };
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : null;
  // A copy: the caller's headers object may be shared between answers.
  return { status, headers: length === null ? headers : { ...headers, 'Content-Length': String(length) }, body: null };
}
