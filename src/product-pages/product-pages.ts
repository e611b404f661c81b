import type { CatalogReader } from '../catalog/catalog-reader.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import { type CachePolicy, publicCacheControl } from '../http/caching.ts';
import { conditionalAnswer, type Rendered, render } from '../http/conditional.ts';
import { pageHeadersWith } from '../http/page-headers.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { getProduct } from '../mcp/tools/get-product/get-product.ts';
import { PATHS } from '../service/paths.ts';
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

/**
 * What a kept page weighs in memory: V8 keeps a string in two bytes a character as soon as one of
 * them is past Latin-1 (a "—" is enough), so two a character; then its ETag, headers and entry.
 */
const pageWeight = (page: { body: string }) => page.body.length * 2 + 1024;

/**
 * The product pages: the canonical URL of every published product answers its page (pt-BR HTML
 * rendered by Astro from get_product's answer), another slug redirects to it, and any other path
 * under the pages' prefix gets the 404 page with status 404. Pages are immutable for a snapshot:
 * rendered once, kept within a bound in bytes, and validated by a strong ETag.
 */
export function createProductPages(deps: ProductPagesDeps): (facts: RequestFacts) => Promise<Answer> {
  const rendered = new BoundedCache<string, Rendered & { headers: Readonly<Record<string, string>> }>(deps.keptBytes, pageWeight);
  const toolContext = { catalog: deps.catalog, siteUrl: deps.siteUrl, productUrl: deps.productUrl, logError: deps.logError };

  const renderOnce = async (key: string, model: () => PageModel) => {
    let page = rendered.get(key);
    if (page === undefined) {
      const { html, csp } = await deps.render(model());
      page = { ...render(html), headers: pageHeadersWith(csp) };
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
      return { status: 404, headers, body: facts.method === 'HEAD' ? null : page.body };
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
      },
    }));
    Object.assign(headers, page.headers, { ETag: page.etag });
    return conditionalAnswer(facts, page.etag, headers, page.body);
  };
}
