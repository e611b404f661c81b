import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Pre-renders the public documents into the site's static output once Astro has built it (Astro
 * empties its output first). Written here rather than as Astro endpoints, because Astro holds an
 * endpoint's whole body in memory, and a million-product sitemap is streamed to its files.
 */
export function publicDocuments(): AstroIntegration {
  return {
    name: 'public-documents',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // Loaded when the build needs them: `astro dev` reads this file too.
        const { loadConfig } = await import('../../config/config.ts');
        const { openCatalog } = await import('../../catalog/catalog-reader.ts');
        const { documentSources } = await import('../../documents/document-sources.ts');
        const { writePublicDocuments } = await import('../../documents/write-documents.ts');
        const config = loadConfig();
        const catalog = openCatalog(config.catalogDb, { memoryMap: false });
        try {
          const started = performance.now();
          const result = await writePublicDocuments(documentSources(config, catalog), fileURLToPath(dir), (line) => logger.info(line));
          logger.info(`${result.files.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        } finally {
          catalog.close();
        }
      },
    },
  };
}
