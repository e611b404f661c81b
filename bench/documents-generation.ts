/**
 * Child process of the build benchmark: writes the public documents of a snapshot into a
 * directory, as the site build does, and prints its own time (from opening the snapshot to the
 * last file: the build writes them in its own process, whose start and imports it pays anyway),
 * its peak RSS and what it wrote, as JSON.
 * Usage: node bench/documents-generation.ts <snapshot> <outDir>
 */
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { loadConfig } from '../src/config/config.ts';
import { documentSources } from '../src/documents/document-sources.ts';
import { writePublicDocuments } from '../src/documents/write-documents.ts';

const [snapshot, outDir] = process.argv.slice(2);
if (!snapshot || !outDir) throw new Error('usage: node bench/documents-generation.ts <snapshot> <outDir>');
const started = performance.now();
const catalog = openCatalog(snapshot, { memoryMap: false });
// As a self-hosted build writes them: their Brotli and gzip forms too.
const result = await writePublicDocuments(
  documentSources(loadConfig({ SITE_URL: 'https://catalogo.example' }), catalog),
  outDir,
  (line) => console.error(`[documents] ${line}`),
  { precompress: process.env.BENCH_PRECOMPRESS !== 'off' },
);
catalog.close();
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    seconds,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    urls: result.sitemap.urls,
    children: result.sitemap.children,
  }),
);
