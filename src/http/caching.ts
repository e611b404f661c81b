import { JSON_CONTENT_TYPE } from './answer.ts';
import { CORS_HEADERS } from './cors.ts';
import type { QuotaFields } from './rate-limit-fields.ts';

/** CACHE_MAX_AGE and CACHE_STALE_WHILE_REVALIDATE. */
export interface CachePolicy {
  maxAge: number;
  staleWhileRevalidate: number;
}

export const NO_STORE = 'no-store';

/** Headers for a platform's CDN, where it reads its own (Netlify). */
export interface CdnHeaders {
  /** On answers that carry one client's quota fields: the CDN must not give them to another. */
  perClient: Readonly<Record<string, string>>;
  /** On answers every client may share, one per value of the query parameters named. */
  shared(cache: CachePolicy, query: readonly string[]): Readonly<Record<string, string>>;
}

/** The public cache policy of 200 answers and documents. */
export function publicCacheControl(cache: CachePolicy): string {
  return `public, max-age=${cache.maxAge}, stale-while-revalidate=${cache.staleWhileRevalidate}`;
}

/**
 * RFC 9111 5.2.2.7, the qualified private directive: a shared cache must not store these fields
 * of the answer, and may store the rest (docs/api.md, "Caching and validators"). A cache that does
 * not know the qualified form treats the answer as private: the safe side.
 */
export const QUOTA_FIELDS_PRIVATE = 'private="RateLimit, RateLimit-Policy"';

/**
 * Headers of a cacheable JSON answer from the snapshot (a 200 and its 304), with the quota fields
 * when the answer was counted and the platform's CDN headers. Set on the fresh object rather than
 * merged in afterwards: the stats hot path builds it per request, and Object.assign cost more
 * than the rest of it.
 */
export function snapshotJsonHeaders(
  cacheControl: string,
  etag: string,
  meta: { catalogVersion: string; generatedAt: string },
  quota: QuotaFields | null,
  cdn: Readonly<Record<string, string>> | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'Content-Type': JSON_CONTENT_TYPE,
    // The quota fields are the asking client's: a shared cache may keep the answer, not them.
    'Cache-Control': quota === null ? cacheControl : `${cacheControl}, ${QUOTA_FIELDS_PRIVATE}`,
    ETag: etag,
    'Catalog-Version': meta.catalogVersion,
    'Catalog-Generated-At': meta.generatedAt,
    'X-Content-Type-Options': 'nosniff',
  };
  if (quota !== null) {
    headers['RateLimit-Policy'] = quota['RateLimit-Policy'];
    headers.RateLimit = quota.RateLimit;
  }
  if (cdn !== null) for (const name in cdn) headers[name] = cdn[name]!;
  return headers;
}
