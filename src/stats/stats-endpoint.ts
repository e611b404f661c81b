import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import { parseIdSegment } from '../catalog-read/ids.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import { type CachePolicy, publicCacheControl, snapshotJsonHeaders } from '../http/caching.ts';
import { conditionalAnswer, type Rendered, render } from '../http/conditional.ts';
import { CORS_HEADERS, preflight } from '../http/cors.ts';
import type { QuotaFields } from '../http/rate-limit-fields.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { priceHistoryOf } from '../price-history/history-read.ts';
import { productPriceHistory } from '../price-history/price-history-schema.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaDecision } from '../quota/rate-limiter.ts';
import { idSegmentOf, kindOf, type StatsKind, statsPathOf } from './stats-path.ts';
import type { MerchantStats, ProductStats } from './stats-schemas.ts';

export interface StatsDeps {
  /** The process's snapshot reader; throws when it is missing or unreadable (answered as 500). */
  catalog: () => CatalogReader;
  cache: CachePolicy;
  siteUrl: string;
  /** Public quotas; null when they are off. */
  quota: QuotaGate | null;
  /** The platform CDN's headers for answers that carry one client's quota fields; null: none. */
  cdn: Readonly<Record<string, string>> | null;
}

/** The methods of the stats routes. */
export const STATS_METHODS = 'GET, OPTIONS';

/** Rendered answers kept per process: small beside the process (docs/benchmarks.md, "Stats throughput figures"). */
const RENDERED_CACHE_ENTRIES = 10_000;

function productStats(catalog: CatalogReader, productId: number): ProductStats {
  const counts = catalog.productEngagement(productId);
  return {
    productId,
    viewsCount: counts?.views ?? 0,
    likesCount: counts?.likes ?? 0,
    dislikesCount: counts?.dislikes ?? 0,
  };
}

function merchantStats(catalog: CatalogReader, merchantId: number): MerchantStats {
  const totals = catalog.merchantTotals(merchantId);
  return {
    merchantId,
    productsCount: totals?.productsCount ?? 0,
    storesCount: totals?.storesCount ?? 0,
    viewsCount: totals?.views ?? 0,
    likesCount: totals?.likes ?? 0,
    dislikesCount: totals?.dislikes ?? 0,
  };
}

/** A statistics body, or null for the price history of a product not published. */
function bodyOf(catalog: CatalogReader, kind: StatsKind, id: number): object | null {
  if (kind === 'product') return productStats(catalog, id);
  if (kind === 'merchant') return merchantStats(catalog, id);
  const history = priceHistoryOf(catalog).history(id);
  return history === undefined ? null : productPriceHistory(id, history.figures, history.points);
}

/**
 * Every path under the API's prefix: the product and merchant statistics and a product's price
 * history (their paths parsed once
 * a request, src/stats/stats-path.ts), and the contract's errors for the rest. Synchronous while
 * the quota store is (no promise per request on the self-hosted hot path).
 */
export function createStatsEndpoint(deps: StatsDeps): (facts: RequestFacts) => Answer | Promise<Answer> {
  const cacheControl = publicCacheControl(deps.cache);
  const notFoundResolution = `See ${deps.siteUrl}/openapi.json for the available routes.`;
  const { cdn } = deps;
  const statsPreflight = preflight(STATS_METHODS, 'Accept, Content-Type, If-None-Match', { ...CORS_HEADERS, ...cdn });

  /*
   * Rendered bodies and their ETags, by route and id, for the reader they came from. The snapshot
   * never changes under a reader, so entries never go stale; a hot product then costs no query,
   * no serialization, no hashing. A new snapshot (a rebuild swapped in) starts a new cache.
   */
  const rendered = new BoundedCache<string, Rendered>(RENDERED_CACHE_ENTRIES);
  let renderedFor: CatalogReader | null = null;
  /** null: a price history of a product the catalog has not published. */
  const renderStats = (catalog: CatalogReader, kind: StatsKind, id: number): Rendered | null => {
    if (renderedFor !== catalog) {
      rendered.clear();
      renderedFor = catalog;
    }
    const key = `${kind}:${id}`;
    let entry = rendered.get(key);
    if (entry === undefined) {
      const body = bodyOf(catalog, kind, id);
      if (body === null) return null;
      entry = render(JSON.stringify(body));
      rendered.set(key, entry);
    }
    return entry;
  };

  const withQuota = (quota: QuotaFields | null): Record<string, string> | null => (quota === null ? cdn : { ...quota, ...cdn });

  /** The answer once the quota has decided (null: quotas off). */
  const decided = (facts: RequestFacts, match: RegExpExecArray | null, id: number | null, decision: QuotaDecision | null): Answer => {
    if (decision !== null && !decision.allowed) {
      return errorAnswer('RATE_LIMIT_EXCEEDED', { headers: { 'Retry-After': String(decision.retryAfter), ...decision.headers, ...cdn } });
    }
    const quota = decision === null ? null : decision.headers;
    if (!match) return errorAnswer('API_ROUTE_NOT_FOUND', { resolution: notFoundResolution, headers: withQuota(quota) });
    if (facts.method !== 'GET') return errorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: STATS_METHODS, ...withQuota(quota) } });
    const kind = kindOf(match);
    if (id === null) return errorAnswer(kind === 'merchant' ? 'INVALID_MERCHANT_ID' : 'INVALID_PRODUCT_ID', { headers: withQuota(quota) });
    const catalog = deps.catalog();
    const entry = renderStats(catalog, kind, id);
    if (entry === null) return errorAnswer('PRODUCT_NOT_FOUND', { headers: withQuota(quota) });
    return conditionalAnswer(facts, entry.etag, snapshotJsonHeaders(cacheControl, entry.etag, catalog.meta, quota, cdn), entry.body);
  };

  /*
   * Every request counts against the client's quota but a preflight; a product id also counts
   * against the enumeration guard once valid. Quota fields go on every counted answer, the 429
   * included.
   */
  return (facts) => {
    const match = statsPathOf(facts.pathname);
    if (match && facts.method === 'OPTIONS') return statsPreflight();
    const id = match && facts.method === 'GET' ? parseIdSegment(idSegmentOf(match)) : null;
    // Only a product's counters count toward the distinct-ids guard: prices are on its public page.
    const decision = deps.quota === null ? null : deps.quota.rest(facts.client, match !== null && kindOf(match) === 'product' ? id : null);
    if (decision instanceof Promise) return decision.then((d) => decided(facts, match, id, d));
    return decided(facts, match, id, decision);
  };
}
