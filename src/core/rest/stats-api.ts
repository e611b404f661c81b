import type { CatalogReader } from '../../catalog/catalog-reader.ts';
import { parseIdSegment } from '../../domain/ids.ts';
import type { MerchantStats, ProductStats } from '../../domain/stats.ts';
import { apiErrorResponse } from '../http/api-error-response.ts';
import { ifNoneMatchHits, strongEtag } from '../http/etag.ts';
import { ALLOWED_METHODS, CORS_HEADERS, JSON_CONTENT_TYPE, PREFLIGHT_HEADERS } from '../http/headers.ts';

export interface StatsApiDeps {
  /** The opened snapshot; throws when it is missing or unreadable (answered as 500). */
  catalog: () => CatalogReader;
  cache: { maxAge: number; staleWhileRevalidate: number };
  siteUrl: string;
  /** Where unexpected failures are reported; they never reach the client. */
  logError: (error: unknown) => void;
}

export type RequestHandler = (request: Request) => Response | Promise<Response>;

/** The REST statistics routes; every other path under /api/ is API_ROUTE_NOT_FOUND. */
const STATS_ROUTE = /^\/api\/public\/v1\/(products|merchants)\/([^/]*)\/stats$/;

/**
 * The public REST statistics API: a Web Request in, a Response out, for any path under /api/.
 * Platform adapters (self-hosted server, Astro route, Netlify Function) only forward to it.
 */
export function createStatsApi(deps: StatsApiDeps): RequestHandler {
  const cacheControl = `public, max-age=${deps.cache.maxAge}, stale-while-revalidate=${deps.cache.staleWhileRevalidate}`;
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

  const ok = (request: Request, catalog: CatalogReader, stats: ProductStats | MerchantStats): Response => {
    const body = JSON.stringify(stats);
    const etag = strongEtag(body);
    const headers = {
      ...CORS_HEADERS,
      'Content-Type': JSON_CONTENT_TYPE,
      'Cache-Control': cacheControl,
      ETag: etag,
      'Catalog-Version': catalog.meta.catalogVersion,
      'Catalog-Generated-At': catalog.meta.generatedAt,
      'X-Content-Type-Options': 'nosniff',
    };
    if (ifNoneMatchHits(request.headers.get('If-None-Match'), etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(body, { status: 200, headers });
  };

  const route = (request: Request): Response => {
    const match = STATS_ROUTE.exec(new URL(request.url).pathname);
    if (!match) return apiErrorResponse('API_ROUTE_NOT_FOUND', { resolution: notFoundResolution });
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
    if (request.method !== 'GET') return apiErrorResponse('METHOD_NOT_ALLOWED', { headers: { Allow: ALLOWED_METHODS } });

    const isProduct = match[1] === 'products';
    const id = parseIdSegment(match[2]!);
    if (id === null) return apiErrorResponse(isProduct ? 'INVALID_PRODUCT_ID' : 'INVALID_MERCHANT_ID');
    const catalog = deps.catalog();
    return ok(request, catalog, isProduct ? productStats(catalog, id) : merchantStats(catalog, id));
  };

  return (request) => {
    try {
      return route(request);
    } catch (error) {
      deps.logError(error);
      return apiErrorResponse('INTERNAL_ERROR');
    }
  };
}
