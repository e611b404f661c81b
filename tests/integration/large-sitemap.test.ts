import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { type CatalogReader, openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { loadConfig } from '../../src/config/config.ts';
import { documentSources } from '../../src/documents/document-sources.ts';
import { SITEMAP_MAX_URLS } from '../../src/documents/sitemap-writer.ts';
import { type DocumentsResult, writePublicDocuments } from '../../src/documents/write-documents.ts';
import { generateCatalog } from '../../tools/sample-catalog/generate.ts';
import { sitemapSchemaErrors } from '../support/document-validators.ts';

/*
 * A catalog with more published products than one sitemap may hold (50,000 URLs): the build
 * writes a sitemap index and child sitemaps, each valid against the sitemaps.org schemas.
 */
const PRODUCTS = 56_000;
const SITE = 'https://catalogo.example';

let dir: string;
let catalog: CatalogReader;
let result: DocumentsResult;
let published: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'large-sitemap-'));
  await generateCatalog({ products: PRODUCTS, seed: 11, outDir: join(dir, 'export') });
  const built = await buildSnapshot({ sourceDir: join(dir, 'export'), outFile: join(dir, 'catalog.sqlite') });
  expect(built.ok).toBe(true);
  catalog = openCatalog(join(dir, 'catalog.sqlite'));
  published = catalog.discovery.counts.products;
  result = await writePublicDocuments(documentSources(loadConfig({ SITE_URL: SITE }), catalog), join(dir, 'site'));
}, 180_000);
afterAll(() => {
  catalog?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('writes a valid sitemap index whose children hold at most 50,000 URLs, all of them valid', async () => {
  expect(published + 9).toBeGreaterThan(SITEMAP_MAX_URLS);
  const index = readFileSync(join(dir, 'site', 'sitemap.xml'), 'utf8');
  expect(await sitemapSchemaErrors(index, 'index')).toEqual([]);
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2]! }));
  expect(children.map((c) => c.loc)).toEqual([`${SITE}/sitemaps/sitemap-1.xml`, `${SITE}/sitemaps/sitemap-2.xml`]);
  expect(readdirSync(join(dir, 'site', 'sitemaps')).sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml']);
  expect(result.sitemap).toEqual({ urls: published + 9, children: 2, skipped: 0 });

  let urls = 0;
  for (const [i, child] of children.entries()) {
    const xml = readFileSync(join(dir, 'site', 'sitemaps', `sitemap-${i + 1}.xml`), 'utf8');
    expect(await sitemapSchemaErrors(xml, 'urlset'), child.loc).toEqual([]);
    const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);
    expect(lastmods.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    // The index dates each child by its latest URL.
    expect(child.lastmod).toBe(lastmods.sort().at(-1));
    urls += lastmods.length;
  }
  expect(urls).toBe(published + 9);
}, 120_000);
