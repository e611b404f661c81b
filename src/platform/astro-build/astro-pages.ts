import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';
import type { PageModel, PageRenderer } from '../../product-pages/page-model.ts';

/** The handler of Astro's server build in @astrojs/node's middleware mode (dist/server/entry.mjs). */
export type AstroMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => unknown;

/** The on-demand page (src/pages/catalog-page.astro) that renders a model given in `locals`. */
const PAGE_PATH = '/catalog-page';

/**
 * Product pages rendered by Astro, in process: the page's model goes to Astro's handler in
 * `locals`, through an injected request (light-my-request: no socket, no port), and the HTML
 * comes back as a string for the app to cache. The same on every target that bundles the build.
 */
export function astroPages(astro: AstroMiddleware): PageRenderer {
  return async (model: PageModel) => {
    const expected = model.kind === 'product' ? 200 : 404;
    const response = await inject(
      (req, res) => {
        const next = () => {
          res.statusCode = 500;
          res.end();
        };
        void astro(req, res, next, { page: model });
      },
      { method: 'GET', url: PAGE_PATH, headers: { host: 'localhost' } },
    );
    if (response.statusCode !== expected) throw new Error(`Astro answered ${response.statusCode} for a ${model.kind} page`);
    return response.payload;
  };
}
