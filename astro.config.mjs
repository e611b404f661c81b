// @ts-check
import node from '@astrojs/node';
import { defineConfig, passthroughImageService } from 'astro/config';
import { catalogService } from './src/platform/astro/integration.ts';

// The site's public URL is fixed at build time (Astro bakes it into pages and documents).
const site = process.env.SITE_URL || process.env.URL || `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || '4321'}`;

export default defineConfig({
  site,
  // `npm run build` builds beside the live output and moves it into place whole (scripts/build.ts).
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Pages are pre-rendered but one: the product pages' template (src/pages/catalog-page.astro),
  // which the app renders on demand through the server build's handler.
  output: 'static',
  // A page is a file named after it (src/pages/termos.astro → termos.html), not a folder's
  // index.html: Netlify's CDN answers /termos from termos.html, where it redirects a folder's path
  // to the path with a slash; the self-hosted server answers both forms (src/site/site-files.ts).
  build: { format: 'preserve' },
  // Middleware: a handler that takes the page's model in `locals` (src/platform/astro/astro-pages.ts).
  // The app serves the built files itself, on both targets alike.
  adapter: node({ mode: 'middleware' }),
  // The API is public and read-only: cross-origin requests are the point, not an attack.
  // A Content-Security-Policy in every page (a <meta>: Astro hashes the inline scripts and styles
  // into script-src and style-src): the site's own resources only, product images from any https
  // origin (merchants' URLs), and calls to this origin only (the portal's live search posts to
  // /mcp). Framing is refused by HTTP headers, which a <meta> cannot do (src/http/page-headers.ts).
  security: {
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' https: data:",
        "connect-src 'self'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ],
    },
  },
  // The app under `astro dev`, and the public documents (gpt.json, llms.txt, the sitemap, OpenAPI).
  integrations: [catalogService()],
  // The server build bundles its dependencies (no node_modules at run time), so the Netlify
  // Function ships it as files; no image processing (product images are the merchants' URLs).
  vite: { ssr: { noExternal: true, external: ['better-sqlite3'] } },
  image: { service: passthroughImageService() },
});
