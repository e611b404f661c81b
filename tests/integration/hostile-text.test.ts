import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { type CatalogReader, openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { productUrlBuilder } from '../../src/catalog-read/product-url.ts';
import { loadConfig } from '../../src/config/config.ts';
import { documentSources } from '../../src/documents/document-sources.ts';
import { ManifestSchema } from '../../src/documents/manifest-schema.ts';
import { writePublicDocuments } from '../../src/documents/write-documents.ts';
import { WebRequestFacts } from '../../src/http/answer.ts';
import { createShowcaseEndpoint } from '../../src/showcase/showcase-endpoint.ts';
import { ShowcaseSchema } from '../../src/showcase/showcase-schema.ts';
import { llmsTxtStructure, sitemapSchemaErrors } from '../support/document-validators.ts';
import { validFixture, writeExport } from '../support/fixture-export.ts';

/*
 * Merchant text that tries to break each format: markup, entities, CDATA ends, Markdown links,
 * control characters, an unpaired surrogate, line breaks. It is data: every document stays valid,
 * and the text reads back as the characters it is (minus what is not text at all).
 */
const SITE = 'https://catalogo.example';
const HOSTILE = 'Loja <b>&amp; "Cia"</b> ]]> [clique](https://evil.example) *x* `y` \\ |z|';
const CONTROL = '\u0000\u0007\u001b[31m\u0085\ud800';

let dir: string;
let catalog: CatalogReader;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-text-'));
  const fixture = validFixture();
  fixture.merchants[0]!.name = `${HOSTILE}${CONTROL}`;
  fixture.stores[0]!.city = `São Paulo](https://evil.example) <i>&`;
  fixture.stores[0]!.district = `Pinheiros\n## Injected`;
  fixture.products[0]!.title = `Fone ${HOSTILE}\n- [x](https://evil.example): injected${CONTROL}`;
  fixture.products[0]!.category = `Eletrônicos ]]> <![CDATA[ [a](b) & \u0001`;
  fixture.products[1]!.publishedAt = '2025-03-02T12:00:00-03:00';
  const built = await buildSnapshot({
    sourceDir: writeExport(fixture, {}, { dir: join(dir, 'export') }),
    outFile: join(dir, 'catalog.sqlite'),
  });
  expect(built).toMatchObject({ ok: true });
  catalog = openCatalog(join(dir, 'catalog.sqlite'));
  // A template with characters XML must escape (the canonical URL is the operator's; a query
  // would name no page the site serves, so they are in the path).
  const config = loadConfig({ SITE_URL: SITE, PRODUCT_URL_TEMPLATE: "/p/{id}/{slug}&ref='doc'" });
  await writePublicDocuments(documentSources(config, catalog), join(dir, 'site'));
});
afterAll(() => {
  catalog?.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = (path: string) => readFileSync(join(dir, 'site', path), 'utf8');
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;

it('keeps the sitemap valid, the template escaped', async () => {
  const xml = read('sitemap.xml');
  expect(await sitemapSchemaErrors(xml, 'urlset')).toEqual([]);
  expect(xml).toContain(`<loc>${SITE}/p/1/fone-jbl-tune-520bt-1&amp;ref=&apos;doc&apos;</loc>`);
});

it("keeps llms.txt in its structure: the hostile names escaped, no link but the service's own", () => {
  const text = read('llms.txt');
  const { problems, links } = llmsTxtStructure(text);
  expect(problems).toEqual([]);
  expect(links.length).toBeGreaterThan(10);
  expect(links.filter((l) => !l.url.startsWith(`${SITE}/`))).toEqual([]);
  expect(text).toContain('São Paulo\\]\\(https://evil.example\\) \\<i\\>\\&');
  expect(text).toContain('Eletrônicos \\]\\]\\> \\<\\!\\[CDATA\\[ \\[a\\]\\(b\\) \\&');
  expect(text).not.toMatch(NOT_TEXT);
});

it('keeps the JSON documents parseable, the text as it was written (minus what is not text)', async () => {
  ManifestSchema.parse(JSON.parse(read('gpt.json')));
  JSON.parse(read('openapi.json'));
  const showcase = createShowcaseEndpoint({
    catalog: () => catalog,
    productUrl: productUrlBuilder(`${SITE}/p?id={id}`),
    cache: { maxAge: 60, staleWhileRevalidate: 300 },
    cdn: null,
  });
  const body = showcase(new WebRequestFacts(new Request(`${SITE}/gpt/products.json`))).body as string;
  expect(body).not.toMatch(NOT_TEXT);
  const product = ShowcaseSchema.parse(JSON.parse(body)).products.find((p) => p.id === 1)!;
  expect(product.merchant.name).toBe(`${HOSTILE}[31m`);
  expect(product.title).toBe(`Fone ${HOSTILE} - [x](https://evil.example): injected[31m`);
  expect(product.city).toEqual({ name: 'São Paulo](https://evil.example) <i>&', state: 'SP' });
});
