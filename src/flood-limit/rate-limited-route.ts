import { exactly } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import { firstLineAnswer } from './flood-limit.ts';

/**
 * Where Netlify's first line rewrites a flood: only ever a 429, counting nothing. On Netlify its own
 * function answers it (netlify/functions/rate-limited.ts), outside the service function's rule;
 * asked for directly, here or there, it gives the same 429.
 */
export const rateLimitedRoute: RouteEntry<object> = {
  name: 'rateLimited',
  match: exactly(PATHS.rateLimited).match,
  // Its own function answers it on Netlify (netlify/functions/rate-limited.ts), not the service's.
  netlify: [],
  errors: REST_ERRORS,
  template: (p) => p,
  handler: () => ({ body: firstLineAnswer }),
};
