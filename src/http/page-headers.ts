import type { Answer } from './answer.ts';

/**
 * Headers of every HTML page (the portal, the product pages, the 404 page) on both targets: no
 * other site may frame them (clickjacking). Said twice, as `frame-ancestors` (which only an HTTP
 * header can carry: the pages' own Content-Security-Policy is a <meta>, astro.config.mjs) and as
 * X-Frame-Options for browsers that predate it. The two policies apply together.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/**
 * The headers of a page whose own policy comes with it (an on-demand page: Astro gives it as a
 * header, not a <meta>): that policy with frame-ancestors added, in one header.
 */
export function pageHeadersWith(csp: string | null): Readonly<Record<string, string>> {
  if (csp === null) return PAGE_HEADERS;
  return { ...PAGE_HEADERS, 'Content-Security-Policy': `${csp.trim().replace(/;\s*$/, '')}; ${PAGE_HEADERS['Content-Security-Policy']}` };
}

/** A page's 500: plain text for the person reading it (pages are not the API's contract). */
export function pageFailure(): Answer {
  return { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, body: 'Erro interno.\n' };
}
