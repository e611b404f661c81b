import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import { parseCanonicalInteger } from '../catalog-read/ids.ts';
import { priceOf } from '../catalog-read/price.ts';
import { USAGE_POLICY } from '../contract/service-info.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import { type CachePolicy, publicCacheControl, snapshotJsonHeaders } from '../http/caching.ts';
import { conditionalAnswer, type Rendered, render } from '../http/conditional.ts';
import { preflight } from '../http/cors.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { SHOWCASE_DEFAULT_LIMIT, SHOWCASE_MAX_LIMIT, type Showcase, type ShowcaseProduct } from './showcase-schema.ts';

export interface ShowcaseDeps {
  catalog: () => CatalogReader;
  productUrl: (id: number, slug: string) => string;
  cache: CachePolicy;
  /** The platform CDN's headers for an answer every client may share (Netlify's), on 200 and 304. */
  cdn: Readonly<Record<string, string>> | null;
}

export const SHOWCASE_METHODS = 'GET, HEAD, OPTIONS';

/** The query parameters that choose the answer: a CDN keeps one answer per value. */
export const SHOWCASE_QUERY = ['limit'];

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
 * `limit`: absent, the default; once, in the spelling of an id (parseCanonicalInteger: no leading
 * zero, sign or exponent, at most 9007199254740991), read after the query's own percent-decoding
 * as any query value is; above the maximum, clamped, and the body echoes the exact value asked
 * for. Anything else (empty, `0`, `01`, signed, decimal, too large, repeated) is refused.
 */
export function parseShowcaseLimit(search: URLSearchParams): LimitChoice | null {
  const values = search.getAll('limit');
  if (values.length === 0) return { requested: null, applied: SHOWCASE_DEFAULT_LIMIT, clamped: false };
  const requested = values.length === 1 ? parseCanonicalInteger(values[0]!) : null;
  if (requested === null) return null;
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
export function createShowcaseEndpoint(deps: ShowcaseDeps): (facts: RequestFacts) => Answer {
  const cacheControl = publicCacheControl(deps.cache);
  const showcasePreflight = preflight(SHOWCASE_METHODS, 'Accept, If-None-Match');
  /** Rendered answers by limit asked for (the body states it), for the reader they came from. */
  let bodies: { catalog: CatalogReader; newest: ShowcaseProduct[]; rendered: BoundedCache<string, Rendered> } | undefined;

  const renderChoice = (catalog: CatalogReader, choice: LimitChoice): Rendered => {
    if (bodies?.catalog !== catalog) {
      bodies = { catalog, newest: showcaseProducts(catalog, deps.productUrl, SHOWCASE_MAX_LIMIT), rendered: new BoundedCache(64) };
    }
    const key = `${choice.requested}`;
    let entry = bodies.rendered.get(key);
    if (entry === undefined) {
      const products = bodies.newest.slice(0, choice.applied);
      const showcase: Showcase = {
        catalogVersion: catalog.meta.catalogVersion,
        generatedAt: catalog.meta.generatedAt,
        limit: {
          requested: choice.requested,
          applied: choice.applied,
          default: SHOWCASE_DEFAULT_LIMIT,
          max: SHOWCASE_MAX_LIMIT,
          clamped: choice.clamped,
        },
        message: message(choice, products.length),
        count: products.length,
        products,
        usagePolicy: USAGE_POLICY,
      };
      entry = render(JSON.stringify(showcase));
      bodies.rendered.set(key, entry);
    }
    return entry;
  };

  return (facts) => {
    if (facts.method === 'OPTIONS') return showcasePreflight();
    if (facts.method !== 'GET' && facts.method !== 'HEAD') {
      return errorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: SHOWCASE_METHODS }, resolution: 'Call with GET, HEAD or OPTIONS.' });
    }
    const choice = parseShowcaseLimit(new URLSearchParams(facts.search));
    if (choice === null) return errorAnswer('INVALID_LIMIT');
    const catalog = deps.catalog();
    const { body, etag } = renderChoice(catalog, choice);
    return conditionalAnswer(facts, etag, snapshotJsonHeaders(cacheControl, etag, catalog.meta, null, deps.cdn), body);
  };
}
