import type { ProductDetail } from '../answers/product-schema.ts';

/** What a product page shows: get_product's answer, and where its JSON faces are. */
export interface ProductPageModel {
  kind: 'product';
  siteUrl: string;
  detail: ProductDetail;
  links: { stats: string; merchantStats: string; priceHistory: string };
}

/** The page of a product URL that names no published product. */
export interface MissingPageModel {
  kind: 'missing';
  siteUrl: string;
}

export type PageModel = ProductPageModel | MissingPageModel;

/** A rendered page: its HTML, and the Content-Security-Policy its inline scripts and styles need (null: none given). */
export interface RenderedPage {
  html: string;
  csp: string | null;
}

/**
 * Renders a page model to HTML. The platform supplies it: Astro's on-demand page
 * (src/pages/catalog-page.astro), rendered in process (src/platform/astro-renderer/astro-pages.ts).
 */
export type PageRenderer = (model: PageModel) => Promise<RenderedPage>;
