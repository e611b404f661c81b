import { PATHS } from '../contract/paths.ts';
import { documentsRoute } from '../documents/documents-route.ts';
import { rateLimitedRoute } from '../flood-limit/rate-limited-route.ts';
import type { RouteEntry } from '../http/route.ts';
import { mcpRoute, researchRoute, ucpMcpRoute } from '../mcp/mcp-routes.ts';
import { healthRoute } from '../observability/health/health-route.ts';
import { pagesRoute } from '../product-pages/pages-route.ts';
import { showcaseRoute } from '../showcase/showcase-route.ts';
import { siteRoute } from '../site/site-route.ts';
import { statsRoute } from '../stats/stats-route.ts';
import { ucpRestRoute } from '../ucp/ucp-rest-route.ts';
import type { ServiceParts } from './service-parts.ts';

/**
 * Everything the service answers, in order: the first route that matches a path answers it.
 * Each entry carries its own facts (src/http/route.ts) and lives in its feature's folder. Paths no
 * route matches are the platform's (the site's pages and files, its 404). The public documents
 * are static files: where the platform serves them itself (Netlify's CDN), the app never sees
 * them; a file under the API's prefix (openapi.yaml) wins over the API.
 */
export const ROUTES: readonly RouteEntry<ServiceParts>[] = [
  healthRoute,
  documentsRoute,
  statsRoute,
  mcpRoute,
  researchRoute,
  ucpMcpRoute,
  ucpRestRoute,
  showcaseRoute,
  rateLimitedRoute,
  pagesRoute,
  siteRoute,
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
 * a function limited to some methods leaves the others to the CDN (docs/architecture.md, "Other
 * methods on Netlify's static files").
 */
export const NETLIFY_OTHER_METHODS = {
  path: '/*',
  excludedPath: [...NETLIFY_FUNCTION_PATHS, NETLIFY_RATE_LIMITED_PATH],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
} as const;
