import type { Config, Context } from '@netlify/functions';
import { appFromEnv } from '../../src/app/app.ts';
import { builtAppViews } from '../../src/mcp/app-views.ts';
import { APP_VIEWS_DIR } from '../../src/mcp-app/view-files.ts';
import { lazyAstroPages } from '../../src/platform/astro-renderer/astro-pages.ts';
import { netlifyPlatform } from '../../src/platform/netlify/netlify-platform.ts';

// Module scope: one configuration, one snapshot reader and one quota store per function instance.
// Astro's server build, with the MCP Apps views the build writes into it, ships beside the snapshot
// (netlify.toml, included_files); the function's working directory is its bundle's root, as for
// data/catalog.sqlite.
const app = appFromEnv({
  ...netlifyPlatform,
  pages: lazyAstroPages('dist/server/entry.mjs'),
  appViews: builtAppViews(`dist/server/${APP_VIEWS_DIR}`),
});

export default (request: Request, context: Context): Promise<Response> => app.fetch(request, context.ip);

export const config: Config = {
  // The app's routes served here (src/app/routes.ts); Netlify reads this literal without running it.
  path: [
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
  ],
  // Pre-rendered documents under /api/ (openapi.yaml) are served from the CDN, not the function.
  preferStatic: true,
  // Netlify's first line (src/flood-limit/flood-limit.ts, NETLIFY_FIRST_LINE; docs/operations.md): past
  // 1,200 requests a minute from one address to one host name, Netlify does not run this function
  // but rewrites the request to the rate-limited function, which answers the contract's 429, so a
  // flood never reaches the quota counters in Blobs. A literal too: numeric literals only, and
  // aggregateBy an array (a single string becomes ["domain"]); an invalid rule is dropped silently.
  rateLimit: {
    action: 'rewrite',
    to: '/_rate-limited',
    windowSize: 60,
    windowLimit: 1200,
    aggregateBy: ['ip', 'domain'],
  },
};
