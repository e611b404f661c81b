import type { APIRoute } from 'astro';
import { type App, appFromEnv, routeSpecOf } from '../../app/app.ts';
import { nodePlatform } from '../node/node-platform.ts';

/** Injected under `astro dev` only (integration.ts): every path no page answers. */
export const prerender = false;

let app: App | undefined;

/**
 * The app's routes; a plain 404 for the rest (Astro forbids rewriting an on-demand route to the
 * static 404 page). The documents are static files: they exist once `npm run build` has run.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  const spec = routeSpecOf(new URL(request.url).pathname);
  if (spec === undefined || spec.name === 'documents' || spec.name === 'site' || spec.name === 'pages') {
    return new Response(
      'Not found under astro dev: the API, /mcp and the showcase are here; the documents and product pages are served by npm start after npm run build.\n',
      {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      },
    );
  }
  app ??= appFromEnv(nodePlatform());
  return app.fetch(request, clientAddress);
};
