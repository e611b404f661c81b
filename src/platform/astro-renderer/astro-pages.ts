import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
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
    // Astro states an on-demand page's policy (astro.config.mjs, security.csp) as a header, not a <meta>.
    const csp = response.headers['content-security-policy'];
    return { html: response.payload, csp: typeof csp === 'string' ? csp : null };
  };
}

/**
 * Loads Astro's server build (`dist/server/entry.mjs`) and renders pages with it. The build is
 * self-contained (astro.config.mjs: every dependency bundled in), so a Netlify Function ships it
 * as plain files next to the snapshot and imports it at run time, as the Node server does.
 */
export async function loadAstroPages(entryFile: string): Promise<PageRenderer> {
  if (!existsSync(entryFile)) throw new Error(`${entryFile} is missing: run \`npm run build\` first`);
  const { handler } = (await import(pathToFileURL(entryFile).href)) as { handler: AstroMiddleware };
  return astroPages(handler);
}

/** The same, loaded on the first page asked for (a Function's cold start stays the API's). */
export function lazyAstroPages(entryFile: string): PageRenderer {
  let pages: Promise<PageRenderer> | undefined;
  return async (model) => {
    if (pages === undefined) {
      pages = loadAstroPages(entryFile);
      // A failed load is tried again on the next page rather than kept as the answer for good.
      pages.catch(() => (pages = undefined));
    }
    return (await pages)(model);
  };
}
