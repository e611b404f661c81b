import type { CatalogReader } from '../../catalog/catalog-reader.ts';
import { parseIdSegment } from '../../domain/ids.ts';
import { BoundedCache } from '../bounded-cache.ts';
import type { MerchantStats, ProductStats } from '../../domain/stats.ts';
import type { QuotaGate } from '../../quota/quota-gate.ts';
import type { QuotaDecision } from '../../quota/rate-limiter.ts';
import { queryOf, toResponse, type ApiAnswer, type ApiQuery, type RequestInfo } from '../http/api-answer.ts';
import { apiErrorAnswer } from '../http/api-error-answer.ts';
import { ifNoneMatchHits, strongEtag } from '../http/etag.ts';
import { ALLOWED_METHODS, cachedJsonHeaders, PREFLIGHT_HEADERS, publicCacheControl } from '../http/headers.ts';
import type { QuotaFields } from '../../quota/rate-limit-fields.ts';

export interface StatsApiDeps {
  /**
   * The opened snapshot, the same reader for the answerer's whole life (rendered answers are
   * cached on that promise); throws when it is missing or unreadable (answered as 500).
   */
  catalog: () => CatalogReader;
  cache: { maxAge: number; staleWhileRevalidate: number };
  siteUrl: string;
  /** Where unexpected failures are reported; they never reach the client. */
  logError: (error: unknown) => void;
  /** Public quotas; null when they are off. */
  quota: QuotaGate | null;
}

export type RequestHandler = (request: Request, info?: RequestInfo) => Response | Promise<Response>;

/** The REST statistics routes; every other path under /api/ is API_ROUTE_NOT_FOUND. */
const STATS_ROUTE = /^\/api\/public\/v1\/(products|merchants)\/([^/]*)\/stats$/;

/** About 2 MB of rendered answers per process. */
const RENDERED_CACHE_ENTRIES = 10_000;

/**
 * The public REST statistics API, for any path under /api/: the request's facts in, the answer
 * out. Platform-free; createStatsApi below is its Web Request → Response form.
 */
export function createStatsAnswerer(deps: StatsApiDeps): (query: ApiQuery) => ApiAnswer | Promise<ApiAnswer> {
  const cacheControl = publicCacheControl(deps.cache);
  const notFoundResolution = `See ${deps.siteUrl}/openapi.json for the available routes.`;

  const productStats = (catalog: CatalogReader, productId: number): ProductStats => {
    const counts = catalog.productEngagement(productId);
    return {
      productId,
      viewsCount: counts?.views ?? 0,
      likesCount: counts?.likes ?? 0,
      dislikesCount: counts?.dislikes ?? 0,
    };
  };

  const merchantStats = (catalog: CatalogReader, merchantId: number): MerchantStats => {
    const totals = catalog.merchantTotals(merchantId);
    return {
      merchantId,
      productsCount: totals?.productsCount ?? 0,
      storesCount: totals?.storesCount ?? 0,
      viewsCount: totals?.views ?? 0,
      likesCount: totals?.likes ?? 0,
      dislikesCount: totals?.dislikes ?? 0,
    };
  };

  /*
   * Rendered bodies and their ETags, by route and id. The snapshot never changes under a reader,
   * so entries never go stale; a hot product then costs no query, no serialization, no hashing.
   */
  const rendered = new BoundedCache<string, { body: string; etag: string }>(RENDERED_CACHE_ENTRIES);

  const render = (catalog: CatalogReader, isProduct: boolean, id: number) => {
    const key = isProduct ? `p${id}` : `m${id}`;
    let entry = rendered.get(key);
    if (entry === undefined) {
      const body = JSON.stringify(isProduct ? productStats(catalog, id) : merchantStats(catalog, id));
      entry = { body, etag: strongEtag(body) };
      rendered.set(key, entry);
    }
    return entry;
  };

  const ok = (query: ApiQuery, catalog: CatalogReader, isProduct: boolean, id: number, quota: QuotaFields | null): ApiAnswer => {
    const { body, etag } = render(catalog, isProduct, id);
    const headers = cachedJsonHeaders(cacheControl, etag, catalog.meta, quota);
    if (ifNoneMatchHits(query.ifNoneMatch, etag)) return { status: 304, headers, body: null };
    return { status: 200, headers, body };
  };

  /** The answer, with the quota fields of a counted request (null: quotas off). */
  const route = (query: ApiQuery, match: RegExpExecArray | null, id: number | null, quota: QuotaFields | null): ApiAnswer => {
    if (!match) return apiErrorAnswer('API_ROUTE_NOT_FOUND', { resolution: notFoundResolution, headers: { ...quota } });
    if (query.method !== 'GET') return apiErrorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: ALLOWED_METHODS, ...quota } });
    const isProduct = match[1] === 'products';
    if (id === null) return apiErrorAnswer(isProduct ? 'INVALID_PRODUCT_ID' : 'INVALID_MERCHANT_ID', { headers: { ...quota } });
    return ok(query, deps.catalog(), isProduct, id, quota);
  };

  /** The answer once the quota has decided (null: quotas off). */
  const decided = (query: ApiQuery, match: RegExpExecArray | null, id: number | null, decision: QuotaDecision | null): ApiAnswer => {
    if (decision && !decision.allowed) {
      return apiErrorAnswer('RATE_LIMIT_EXCEEDED', { headers: { 'Retry-After': String(decision.retryAfter), ...decision.headers } });
    }
    return route(query, match, id, decision ? decision.headers : null);
  };

  const failed = (error: unknown): ApiAnswer => {
    deps.logError(error);
    return apiErrorAnswer('INTERNAL_ERROR');
  };

  /*
   * Every request counts against the client's quota but a preflight (browsers send those on
   * their own); a product id counts against the enumeration guard once valid. Quota fields go
   * on every counted answer, the 429 included. Synchronous while the quota store is (no promise
   * per request on the self-hosted hot path).
   */
  return (query) => {
    try {
      const match = STATS_ROUTE.exec(query.pathname);
      if (match && query.method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: null };
      const id = match && query.method === 'GET' ? parseIdSegment(match[2]!) : null;
      const decision = deps.quota === null ? null : deps.quota.rest(query.client, match?.[1] === 'products' ? id : null);
      if (decision instanceof Promise) return decision.then((d) => decided(query, match, id, d)).catch(failed);
      return decided(query, match, id, decision);
    } catch (error) {
      return failed(error);
    }
  };
}

/** The REST API as a Web handler (Netlify Function, Astro route). */
export function createStatsApi(deps: StatsApiDeps): RequestHandler {
  const answer = createStatsAnswerer(deps);
  return async (request, info) => toResponse(await answer(queryOf(request, info)));
}
