import type { APIRoute } from 'astro';
import { type App, appFromEnv, routeSpecOf } from '../../app/app.ts';
import { nodePlatform } from '../node/node-platform.ts';

let app: App | undefined;

/**
 * The app inside Astro (src/pages/[...path].ts): what `astro dev` serves. The built self-hosted
 * server answers the app's routes before Astro sees them, and Netlify runs its Function, so a path
 * reaching this route there is no route of the app's: Astro's 404 page, without creating an app.
 */
export const astroRoute: APIRoute = ({ request, clientAddress, rewrite }) => {
  if (routeSpecOf(new URL(request.url).pathname) === undefined) return rewrite('/404');
  app ??= appFromEnv(nodePlatform());
  return app.fetch(request, clientAddress);
};
