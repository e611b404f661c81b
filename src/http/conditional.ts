import type { Answer, RequestFacts } from './answer.ts';
import { getOrHead } from './head.ts';

/**
 * Conditional GET (RFC 9110 13.1.2), the one implementation every cacheable answer goes through:
 * the stats, the showcase, the MCP discovery document and the static documents.
 */

/** A body rendered once, with its validator. */
export interface Rendered {
  body: string;
  etag: string;
}

/**
 * Strong validator of an exact body: same bytes, same tag, on every target and deployment.
 * cyrb53 (a 53-bit non-cryptographic hash) in plain JS: a per-URL validator needs no collision
 * resistance against attackers, and a crypto hash costs a native call per request on the hot path.
 */
export function strongEtag(body: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `"${hash.toString(36)}-${body.length.toString(36)}"`;
}

export const render = (body: string): Rendered => ({ body, etag: strongEtag(body) });

/** If-None-Match uses weak comparison, so W/"x" matches "x"; `*` matches any current representation. */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * 304 when the request's If-None-Match matches `etag`, else 200 with the body (for HEAD none, and
 * its length: src/http/head.ts). `headers` carry the validator and the cache policy: a 304
 * repeats them, as RFC 9110 asks.
 */
export function conditionalAnswer(facts: RequestFacts, etag: string, headers: Record<string, string>, body: Answer['body']): Answer {
  if (ifNoneMatchHits(facts.header('if-none-match'), etag)) return { status: 304, headers, body: null };
  return getOrHead(facts.method, 200, headers, body);
}
