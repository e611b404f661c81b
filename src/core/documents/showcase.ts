import type { CatalogReader } from '../../catalog/catalog-reader.ts';
import { priceOf } from '../../domain/price.ts';
import { SHOWCASE_DEFAULT_LIMIT, SHOWCASE_MAX_LIMIT, type Showcase, type ShowcaseProduct } from '../../domain/showcase.ts';
import { toResponse } from '../http/api-answer.ts';
import { apiErrorAnswer } from '../http/api-error-answer.ts';
import { ifNoneMatchHits, strongEtag } from '../http/etag.ts';
import { cachedJsonHeaders, preflightHeaders, publicCacheControl } from '../http/headers.ts';
import { USAGE_POLICY } from '../service-info.ts';

export interface ShowcaseDeps {
  catalog: () => CatalogReader;
  productUrl: (id: number, slug: string) => string;
  cache: { maxAge: number; staleWhileRevalidate: number };
  /** Platform cache headers (Netlify's CDN), added to 200 and 304 answers. */
  cdnHeaders?: Record<string, string>;
  logError: (error: unknown) => void;
}

export const SHOWCASE_METHODS = 'GET, HEAD, OPTIONS';

/** The newest published products as the showcase lists them. */
export function showcaseProducts(catalog: CatalogReader, productUrl: ShowcaseDeps['productUrl'], limit: number): ShowcaseProduct[] {
  return catalog.documents.showcase(limit).map((row) => ({
    id: row.id,
    title: row.title,
    price: priceOf(row.priceCents),
    category: { name: row.category, slug: row.categorySlug },
    merchant: { id: row.merchantId, name: row.merchantName },
    city: row.city === null ? null : { name: row.city, state: row.state! },
    url: productUrl(row.id, row.slug),
    publishedAt: row.publishedAt,
  }));
}

type LimitChoice = { requested: number | null; applied: number; clamped: boolean };

/**
 * `limit`: absent, the default; digits, an integer (leading zeros allowed, as any integer parser
 * reads them), clamped to the maximum; anything else (empty, signed, decimal, repeated) is refused.
 */
export function parseShowcaseLimit(search: URLSearchParams): LimitChoice | null {
  const values = search.getAll('limit');
  if (values.length === 0) return { requested: null, applied: SHOWCASE_DEFAULT_LIMIT, clamped: false };
  if (values.length > 1 || !/^[0-9]+$/.test(values[0]!)) return null;
  // Past 9 digits only "how large" matters: the value is clamped either way.
  const digits = values[0]!.replace(/^0+(?=.)/, '');
  const requested = digits.length > 9 ? Number.MAX_SAFE_INTEGER : Number(digits);
  if (requested < 1) return null;
  return { requested, applied: Math.min(requested, SHOWCASE_MAX_LIMIT), clamped: requested > SHOWCASE_MAX_LIMIT };
}

function message(choice: LimitChoice, count: number): string {
  const listed = `The ${count} newest published products, newest first.`;
  if (choice.clamped) return `${listed} The limit asked for (${choice.requested}) is above the maximum: ${SHOWCASE_MAX_LIMIT} applied.`;
  return `${listed} Not paginated: at most ${SHOWCASE_MAX_LIMIT} (limit=N), default ${SHOWCASE_DEFAULT_LIMIT}.`;
}

/**
 * GET /gpt/products.json?limit=N: answered on demand from the snapshot (a query parameter cannot
 * choose a static file), cached like a document: by browsers and by the CDN, per limit.
 */
export function createShowcaseEndpoint(deps: ShowcaseDeps): (request: Request) => Response {
  const cacheControl = publicCacheControl(deps.cache);
  let newest: { catalog: CatalogReader; products: ShowcaseProduct[] } | undefined;

  const answer = (request: Request): Response => {
    if (request.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: preflightHeaders(SHOWCASE_METHODS, 'Accept, If-None-Match') });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return toResponse(apiErrorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: SHOWCASE_METHODS }, resolution: 'Call with GET, HEAD or OPTIONS.' }));
    }
    const choice = parseShowcaseLimit(new URL(request.url).searchParams);
    if (choice === null) return toResponse(apiErrorAnswer('INVALID_LIMIT'));

    const catalog = deps.catalog();
    if (newest?.catalog !== catalog) newest = { catalog, products: showcaseProducts(catalog, deps.productUrl, SHOWCASE_MAX_LIMIT) };
    const products = newest.products.slice(0, choice.applied);
    const showcase: Showcase = {
      catalogVersion: catalog.meta.catalogVersion,
      generatedAt: catalog.meta.generatedAt,
      limit: { requested: choice.requested, applied: choice.applied, default: SHOWCASE_DEFAULT_LIMIT, max: SHOWCASE_MAX_LIMIT, clamped: choice.clamped },
      message: message(choice, products.length),
      count: products.length,
      products,
      usagePolicy: USAGE_POLICY,
    };
    const body = JSON.stringify(showcase);
    const etag = strongEtag(body);
    const headers = { ...cachedJsonHeaders(cacheControl, etag, catalog.meta), ...deps.cdnHeaders };
    if (ifNoneMatchHits(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };

  return (request) => {
    try {
      return answer(request);
    } catch (error) {
      deps.logError(error);
      return toResponse(apiErrorAnswer('INTERNAL_ERROR'));
    }
  };
}
