// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { publicDocuments } from './src/platform/astro/public-documents.ts';

// The site's public URL is fixed at build time (Astro bakes it into pages and documents).
const site = process.env.SITE_URL || process.env.URL || `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || '4321'}`;

export default defineConfig({
  site,
  // Pages are pre-rendered unless they opt out; the app's catch-all route (for `astro dev`) opts out.
  output: 'static',
  // Standalone: its handler serves the pre-rendered files too. The self-hosted server
  // (src/platform/node/server.ts) imports that handler and keeps the app's routes off Astro's pipeline.
  adapter: node({ mode: 'standalone' }),
  // The API is public and read-only: cross-origin requests are the point, not an attack.
  security: { checkOrigin: false },
  // gpt.json, llms.txt, the sitemap and the OpenAPI documents, from the catalog snapshot.
  integrations: [publicDocuments()],
});
