import { documentType } from '../documents/document-files.ts';
import { PATHS } from '../service/paths.ts';

export type RouteName = 'health' | 'documents' | 'stats' | 'mcp' | 'research' | 'showcase' | 'pages' | 'rateLimited' | 'site';

export interface RouteSpec {
  name: RouteName;
  match(pathname: string): boolean;
  /**
   * The paths of the Netlify Function that serves it (netlify/functions/service.ts states them as
   * a literal, which Netlify reads without running the code; a test keeps the two equal). None:
   * the CDN serves the route's files, or (rateLimited) a function of its own.
   */
  netlify: readonly string[];
}

/**
 * Everything the service answers, in order: the first route that matches a path answers it.
 * Paths no route matches are the platform's (the site's pages and files, its 404). The public
 * documents are static files: where the platform serves them itself (Netlify's CDN), the app
 * never sees them; a file under /api/ (openapi.yaml) wins over the API.
 */
export const ROUTES: readonly RouteSpec[] = [
  { name: 'health', match: (p) => p === PATHS.healthz || p === PATHS.readyz, netlify: [PATHS.healthz, PATHS.readyz] },
  { name: 'documents', match: (p) => documentType(p) !== null, netlify: [] },
  { name: 'stats', match: (p) => p === PATHS.api || p.startsWith(`${PATHS.api}/`), netlify: [PATHS.api, `${PATHS.api}/*`] },
  // With a trailing slash too: clients are configured with either, and a 405 page there helps nobody.
  { name: 'mcp', match: (p) => p === PATHS.mcp || p === `${PATHS.mcp}/`, netlify: [PATHS.mcp, `${PATHS.mcp}/`] },
  { name: 'research', match: (p) => p === PATHS.research || p === `${PATHS.research}/`, netlify: [PATHS.research, `${PATHS.research}/`] },
  { name: 'showcase', match: (p) => p === PATHS.showcase, netlify: [PATHS.showcase] },
  // Where Netlify's first line rewrites a flood (src/app/first-line.ts): only ever a 429. On Netlify
  // its own function answers it (netlify/functions/rate-limited.ts), outside the service
  // function's rule; asked for directly, here or there, it gives the same 429 and counts nothing.
  { name: 'rateLimited', match: (p) => p === PATHS.rateLimited, netlify: [] },
  // Under the default PRODUCT_URL_TEMPLATE; the app matches the configured one's prefix instead
  // (on Netlify the Function's path is fixed: config.ts refuses another same-site prefix there).
  { name: 'pages', match: (p) => p.startsWith(PATHS.productPages), netlify: [`${PATHS.productPages}*`] },
  // The rest of the built site, its 404 page included, where the app serves files (self-hosted);
  // on Netlify, only the methods its CDN does not answer (NETLIFY_OTHER_METHODS).
  { name: 'site', match: () => true, netlify: [] },
];

/** The paths the Netlify Function must be routed. */
export const NETLIFY_FUNCTION_PATHS: readonly string[] = ROUTES.flatMap((route) => route.netlify);

/** The path of the function that answers for Netlify's first line (netlify/functions/rate-limited.ts). */
export const NETLIFY_RATE_LIMITED_PATH = PATHS.rateLimited;

/**
 * Netlify's CDN answers GET and HEAD on the site's files; what it answers to other methods is not
 * this service's contract. A second function (netlify/functions/other-methods.ts) takes those
 * methods on every path the service and rate-limited functions do not have, so both targets give
 * the same 405 (and the documents' CORS preflight). Functions with a path run before static files;
 * a function limited to some methods leaves the others to the CDN (docs/architecture.md).
 */
export const NETLIFY_OTHER_METHODS = {
  path: '/*',
  excludedPath: [...NETLIFY_FUNCTION_PATHS, NETLIFY_RATE_LIMITED_PATH],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
} as const;
