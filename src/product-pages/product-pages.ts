import { getProduct } from '../answers/product.ts';
import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import { PATHS } from '../contract/paths.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import { type CachePolicy, publicCacheControl } from '../http/caching.ts';
import { conditionalAnswer, strongEtag } from '../http/conditional.ts';
import { getOrHead } from '../http/head.ts';
import { pageHeadersWith } from '../http/page-headers.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { siteMethods } from '../site/site-files.ts';
import type { PageModel, PageRenderer } from './page-model.ts';
import type { ProductPagePaths } from './product-page-path.ts';

export interface ProductPagesDeps {
  catalog: () => CatalogReader;
  siteUrl: string;
  productUrl: (id: number, slug: string) => string;
  paths: ProductPagePaths;
  render: PageRenderer;
  cache: CachePolicy;
  /** The platform's CDN headers for answers every client shares. */
  cdn: Readonly<Record<string, string>> | null;
  logError: (error: unknown) => void;
  /** Bytes of rendered pages kept, the most recent (PAGE_CACHE_MB): the most asked answer without rendering. */
  keptBytes: number;
}

/** A rendered page as it is kept: its UTF-8 bytes, their validator and the page's own headers. */
interface KeptPage {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: Readonly<Record<string, string>>;
}

/** Each page in an ArrayBuffer of its own (Buffer.from would share a pool's slab between small ones). */
const utf8 = new TextEncoder();

/**
 * What a kept page costs the process: its bytes, then its key, ETag, entry and the ArrayBuffer's
 * objects in V8's heap (which V8 doubles as headroom for garbage) and the allocator's share: 4 kB,
 * calibrated with `npm run bench -- --only pages` (docs/benchmarks.md, "Product pages in memory").
 */
const pageWeight = (page: KeptPage) => page.body.byteLength + 4096;

/**
 * The product pages: the canonical URL of every published product answers its page (pt-BR HTML
 * rendered by Astro from get_product's answer), another slug redirects to it, and any other path
 * under the pages' prefix gets the 404 page with status 404. Pages are immutable for a snapshot:
 * rendered once, kept within a bound in bytes, and validated by a strong ETag.
 */
export function createProductPages(deps: ProductPagesDeps): (facts: RequestFacts) => Promise<Answer> {
  // Kept as bytes, not strings: outside V8's heap, so what pages are kept does not grow the heap's
  // garbage headroom with them (docs/operations.md#memory), and a hit is written without encoding.
  const rendered = new BoundedCache<string, KeptPage>(deps.keptBytes, pageWeight);
  const toolContext = { catalog: deps.catalog, siteUrl: deps.siteUrl, productUrl: deps.productUrl, logError: deps.logError };

  // Every product page states the same policy: one headers object for all of them, not one each.
  let shared = { csp: null as string | null, headers: pageHeadersWith(null) };
  const headersFor = (csp: string | null) => {
    if (csp !== shared.csp) shared = { csp, headers: pageHeadersWith(csp) };
    return shared.headers;
  };

  const renderOnce = async (key: string, model: () => PageModel) => {
    let page = rendered.get(key);
    if (page === undefined) {
      const { html, csp } = await deps.render(model());
      page = { body: utf8.encode(html), etag: strongEtag(html), headers: headersFor(csp) };
      rendered.set(key, page);
    }
    return page;
  };

  return async (facts) => {
    const other = siteMethods(facts);
    if (other !== null) return other;
    const catalog = deps.catalog();
    const { catalogVersion, generatedAt } = catalog.meta;
    const id = deps.paths.idOf(facts.pathname);
    const found = id === null ? null : getProduct(toolContext, id);
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': 'pt-BR',
      'Cache-Control': publicCacheControl(deps.cache),
      'Catalog-Version': catalogVersion,
      'Catalog-Generated-At': generatedAt,
      'X-Content-Type-Options': 'nosniff',
      ...deps.cdn,
    };
    if (found === null || found.isError || !('output' in found)) {
      const page = await renderOnce(`${catalogVersion}:missing`, () => ({ kind: 'missing', siteUrl: deps.siteUrl }));
      Object.assign(headers, page.headers, { ETag: page.etag });
      return getOrHead(facts.method, 404, headers, page.body);
    }
    const detail = found.output;
    const canonical = new URL(detail.product.url);
    if (canonical.pathname !== facts.pathname) {
      return { status: 301, headers: { Location: canonical.href, 'Cache-Control': headers['Cache-Control']! }, body: null };
    }
    const page = await renderOnce(`${catalogVersion}:${detail.product.id}`, () => ({
      kind: 'product',
      siteUrl: deps.siteUrl,
      detail,
      links: {
        stats: deps.siteUrl + PATHS.productStats.replace('{productId}', String(detail.product.id)),
        merchantStats: deps.siteUrl + PATHS.merchantStats.replace('{merchantId}', String(detail.product.merchant.id)),
        priceHistory: deps.siteUrl + PATHS.productPriceHistory.replace('{productId}', String(detail.product.id)),
      },
    }));
    Object.assign(headers, page.headers, { ETag: page.etag });
    return conditionalAnswer(facts, page.etag, headers, page.body);
  };
}
