// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { catalogService } from './src/platform/astro/integration.ts';

// The site's public URL is fixed at build time (Astro bakes it into pages and documents).
const site = process.env.SITE_URL || process.env.URL || `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || '4321'}`;

export default defineConfig({
  site,
  // Pages are pre-rendered; the app's routes are the Node server's and the Netlify Function's.
  output: 'static',
  // Standalone: its handler serves the pre-rendered files too. The self-hosted server
  // (src/platform/node/server.ts) imports that handler and keeps the app's routes off Astro's pipeline.
  adapter: node({ mode: 'standalone' }),
  // The API is public and read-only: cross-origin requests are the point, not an attack.
  security: { checkOrigin: false },
  // The app under `astro dev`, and the public documents (gpt.json, llms.txt, the sitemap, OpenAPI).
  integrations: [catalogService()],
});
