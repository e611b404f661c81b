import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * The service inside Astro:
 * - under `astro dev`, one catch-all route (dev-route.ts) carries the app's routes. The built
 *   self-hosted server answers them before Astro sees a request, and Netlify runs its Function,
 *   so the build has no such route: a path no page answers gets the 404 page.
 * - once Astro has built the site (it empties its output first), the public documents are written
 *   into it from the catalog snapshot. Written here rather than as Astro endpoints, because Astro
 *   holds an endpoint's whole body in memory, and a million-product sitemap is streamed to its files.
 */
export function catalogService(): AstroIntegration {
  return {
    name: 'catalog-service',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command === 'dev')
          injectRoute({ pattern: '/[...path]', entrypoint: new URL('./dev-route.ts', import.meta.url), prerender: false });
      },
      'astro:build:done': async ({ dir, logger }) => {
        // Loaded when the build needs them: `astro dev` reads this file too.
        const { loadConfig } = await import('../../config/config.ts');
        const { openCatalog } = await import('../../catalog-read/catalog-reader.ts');
        const { documentSources } = await import('../../documents/document-sources.ts');
        const { writePublicDocuments } = await import('../../documents/write-documents.ts');
        const { contactWarnings } = await import('../../config/operator-contact.ts');
        const config = loadConfig();
        // The legal pages are built with the operator's contact: say when they have none to state.
        for (const warning of contactWarnings(config.operator)) logger.warn(warning);
        const catalog = openCatalog(config.catalogDb, { memoryMap: false });
        try {
          const started = performance.now();
          // Self-hosted, the documents' compressed forms too; Netlify's CDN compresses by itself.
          const precompress = process.env.NETLIFY !== 'true';
          const result = await writePublicDocuments(documentSources(config, catalog), fileURLToPath(dir), (line) => logger.info(line), {
            precompress,
          });
          logger.info(`${result.files.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        } finally {
          catalog.close();
        }
      },
    },
  };
}
