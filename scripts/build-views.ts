/**
 * Writes the MCP Apps views (src/mcp-app/) into a site build's server folder: `npm run build`
 * runs it after Astro's build, into the site being built (scripts/build.ts).
 * Usage: node scripts/build-views.ts <site build folder>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productCardsHtml } from '../src/mcp-app/app-html.ts';
import { APP_VIEWS_DIR, PRODUCT_CARDS_FILE } from '../src/mcp-app/view-files.ts';

const site = process.argv[2];
if (!site) throw new Error('usage: node scripts/build-views.ts <site build folder>');
const dir = join(site, 'server', APP_VIEWS_DIR);
mkdirSync(dir, { recursive: true });
const html = await productCardsHtml();
writeFileSync(join(dir, PRODUCT_CARDS_FILE), html);
console.error(`[views] product cards: ${Math.round(html.length / 1024)} kB (${PRODUCT_CARDS_FILE})`);
