import { hash } from 'node:crypto';

/** Strong validator of an exact body: same bytes, same tag, whatever the deployment. */
export function strongEtag(body: string): string {
  return `"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
}

/**
 * RFC 9110 13.1.2: If-None-Match uses weak comparison, so W/"x" matches "x"; `*` matches any
 * current representation.
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
