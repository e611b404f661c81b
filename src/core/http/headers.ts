import type { QuotaFields } from '../../quota/rate-limit-fields.ts';

/** Response headers the REST API exposes to browser scripts (CORS). */
export const EXPOSED_HEADERS = ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Catalog-Version', 'Catalog-Generated-At'];

export const ALLOWED_METHODS = 'GET, OPTIONS';

/** On every API answer, errors included: the API is public and read-only, so any origin may call it. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '),
};

/** A CORS preflight answer (every public route's): Max-Age lets browsers skip the preflight for a day. */
export function preflightHeaders(methods: string, allowHeaders: string, cors: Readonly<Record<string, string>> = CORS_HEADERS): Record<string, string> {
  return { ...cors, Allow: methods, 'Access-Control-Allow-Methods': methods, 'Access-Control-Allow-Headers': allowHeaders, 'Access-Control-Max-Age': '86400' };
}

export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = preflightHeaders(ALLOWED_METHODS, 'Accept, Content-Type, If-None-Match');

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const NO_STORE = 'no-store';

/** The public cache policy of 200 answers and documents (CACHE_MAX_AGE, CACHE_STALE_WHILE_REVALIDATE). */
export function publicCacheControl(cache: { maxAge: number; staleWhileRevalidate: number }): string {
  return `public, max-age=${cache.maxAge}, stale-while-revalidate=${cache.staleWhileRevalidate}`;
}

/**
 * Headers of a cacheable JSON answer from the snapshot (200 and its 304), with the quota fields
 * when the answer was counted. Set here, on the fresh object, rather than merged in afterwards:
 * the stats hot path builds it per request, and Object.assign cost more than the rest of it.
 */
export function cachedJsonHeaders(
  cacheControl: string,
  etag: string,
  meta: { catalogVersion: string; generatedAt: string },
  quota?: QuotaFields | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'Content-Type': JSON_CONTENT_TYPE,
    'Cache-Control': cacheControl,
    ETag: etag,
    'Catalog-Version': meta.catalogVersion,
    'Catalog-Generated-At': meta.generatedAt,
    'X-Content-Type-Options': 'nosniff',
  };
  if (quota) {
    headers['RateLimit-Policy'] = quota['RateLimit-Policy'];
    headers.RateLimit = quota.RateLimit;
  }
  return headers;
}
