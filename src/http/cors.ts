import type { Answer } from './answer.ts';

/** Response headers browser scripts may read (CORS). */
export const EXPOSED_HEADERS = ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Catalog-Version', 'Catalog-Generated-At'];

/** On every answer, errors included: the service is public and read-only, so any origin may call it. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
};

/**
 * A route's CORS preflight answer, built once: its methods and request headers; Max-Age lets
 * browsers skip the preflight for a day. Preflights are never counted against quotas: a browser
 * sends them on its own, and the script never sees them.
 */
export function preflight(methods: string, allowHeaders: string, cors: Readonly<Record<string, string>> = CORS_HEADERS): () => Answer {
  const headers = {
    ...cors,
    Allow: methods,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': allowHeaders,
    'Access-Control-Max-Age': '86400',
  };
  return () => ({ status: 204, headers: { ...headers }, body: null });
}
