import type { Config } from '@netlify/functions';
import { createShowcaseHandlerFromEnv } from '../../src/adapters/showcase-handler.ts';

// Module scope: one configuration and one opened snapshot per function instance. The CDN keeps
// one answer per limit (other query parameters do not split its cache) in its durable cache.
const handle = createShowcaseHandlerFromEnv({
  cdnHeaders: ({ cache }) => ({
    'Netlify-CDN-Cache-Control': `public, durable, max-age=${cache.maxAge}, stale-while-revalidate=${cache.staleWhileRevalidate}`,
    'Netlify-Vary': 'query=limit',
  }),
});

export default (request: Request): Response | Promise<Response> => handle(request);

export const config: Config = { path: '/gpt/products.json' };
