import type { Config, Context } from '@netlify/functions';
import { appFromEnv } from '../../src/app/app.ts';
import { netlifyPlatform } from '../../src/platform/netlify/netlify-platform.ts';

// The CDN serves the site's files to GET and HEAD; this function gives every other method on
// them the self-hosted server's answer (a 405, or a document's CORS preflight). It opens no snapshot.
const app = appFromEnv(netlifyPlatform);

export default (request: Request, context: Context): Promise<Response> => app.fetch(request, context.ip);

export const config: Config = {
  // Every path but the service and rate-limited functions' (src/app/routes.ts, NETLIFY_OTHER_METHODS);
  // a literal, which Netlify reads without running it.
  path: '/*',
  excludedPath: [
    '/healthz',
    '/readyz',
    '/api',
    '/api/*',
    '/mcp',
    '/mcp/',
    '/mcp/research',
    '/mcp/research/',
    '/ucp/mcp',
    '/ucp/mcp/',
    '/ucp/*',
    '/gpt/products.json',
    '/produtos/*',
    '/_rate-limited',
  ],
  method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
};
