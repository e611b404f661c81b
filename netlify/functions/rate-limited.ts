import type { Config } from '@netlify/functions';
import { firstLineAnswer } from '../../src/flood-limit/flood-limit.ts';
import { toResponse, WebRequestFacts } from '../../src/http/answer.ts';

// Netlify's first line rewrites a request past the service function's coarse ceiling here
// (config.rateLimit in service.ts; src/flood-limit/flood-limit.ts). This function answers the contract's
// 429 whatever path Netlify hands it (the rewritten one, or the one asked for): it never routes the
// request to the app, counts nothing (no Blobs client is even bundled) and ships no snapshot. It
// has no rule of its own, so a rewritten request is not rewritten again.
export default async (request: Request): Promise<Response> => {
  const answer = await firstLineAnswer(new WebRequestFacts(request));
  // As on every answer with one client's quota fields (netlify-platform.ts, cdn.perClient).
  return toResponse({ ...answer, headers: { ...answer.headers, 'Netlify-CDN-Cache-Control': 'no-store' } });
};

export const config: Config = {
  // NETLIFY_RATE_LIMITED_PATH (src/app/routes.ts); other-methods.ts leaves it out.
  path: '/_rate-limited',
};
