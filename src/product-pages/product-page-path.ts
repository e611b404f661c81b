import { type Id, parseIdSegment } from '../catalog-read/ids.ts';
import { productPagesPrefix } from '../config/config.ts';

/** The product pages' paths on this site, from the PRODUCT_URL_TEMPLATE. */
export interface ProductPagePaths {
  /** Every path under it is the pages' (a path that names no product gets their 404). */
  prefix: string;
  /** The product id a path names, or null. */
  idOf(pathname: string): Id | null;
}

/**
 * The product pages this site serves, or null when the template points elsewhere (an absolute
 * URL on another site) or has no fixed first segment to own ("/{id}" would take every path).
 * `{id}` is a canonical id segment; `{slug}` any one segment: a wrong slug redirects, and so does
 * a path that stops before a last `/{slug}` ("/produtos/12", a link cut short).
 */
export function productPagePaths(template: string, siteUrl: string): ProductPagePaths | null {
  const prefix = productPagesPrefix(template, siteUrl);
  if (prefix === null) return null;
  const path = template.slice(siteUrl.length);
  const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const lastSlug = path.endsWith('/{slug}');
  const source = (lastSlug ? path.slice(0, -'/{slug}'.length) : path)
    .split(/(\{id\}|\{slug\})/)
    .map((part) => (part === '{id}' ? '([^/]+)' : part === '{slug}' ? '[^/]+' : literally(part)))
    .join('')
    .concat(lastSlug ? '(?:/[^/]*)?' : '');
  const pattern = new RegExp(`^${source}$`);
  return {
    prefix,
    idOf: (pathname) => {
      const segment = pattern.exec(pathname)?.[1];
      return segment === undefined ? null : parseIdSegment(segment);
    },
  };
}
