import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CatalogOverviewSchema } from '../../../src/answers/overview-schema.ts';
import { type Manifest, ManifestSchema } from '../../../src/documents/manifest-schema.ts';
import { TOOLS } from '../../../src/mcp/tool-list.ts';
import { ShowcaseSchema } from '../../../src/showcase/showcase-schema.ts';
import { connectSdkClient, type SdkClient } from '../../contract/mcp-contract.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { llmsTxtStructure, redoclyProblems, sitemapSchemaErrors, spectralProblems } from '../../support/document-validators.ts';
import { requestOnce } from '../../support/raw-http.ts';
import { readSampleExport } from '../../support/sample-export.ts';

/*
 * The documents the build pre-rendered into dist/client (tests/support/site-setup.ts: the sample snapshot), served
 * by the built self-hosted server, checked with validators no one here wrote, and against what the
 * live REST and MCP endpoints answer.
 */
const sample = readSampleExport();
let server: RunningServer;
let client: SdkClient;
let manifest: Manifest;
const get = (path: string, init?: RequestInit) => fetch(server.baseUrl + path, init);

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
  client = await connectSdkClient((request) => {
    const url = new URL(request.url);
    return fetch(new Request(server.baseUrl + url.pathname + url.search, request));
  });
  manifest = ManifestSchema.parse(await (await get('/gpt.json')).json());
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

/** A document URL on the site (baseUrl is the build's SITE_URL), fetched from this server. */
const local = (url: string) => {
  expect(url.startsWith(`${manifest.baseUrl}/`), url).toBe(true);
  return get(url.slice(manifest.baseUrl.length));
};

describe('sitemap', () => {
  it("is valid against the sitemaps.org schema and lists the site's root, its three legal pages, the documents and every published product once", async () => {
    const xml = await (await get('/sitemap.xml')).text();
    expect(await sitemapSchemaErrors(xml, 'urlset')).toEqual([]);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const published = sample.products.filter((p) => p.publishedAt !== null);
    expect(locs).toHaveLength(9 + published.length);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${manifest.baseUrl}/llms.txt`);
    expect(locs).toContain(`${manifest.baseUrl}/privacidade`);
    const product = published[0]!;
    expect(xml).toContain(
      `<loc>${manifest.baseUrl}/produtos/${product.id}/${product.slug}</loc><lastmod>${new Date(product.updatedAt).toISOString().replace('.000Z', 'Z')}</lastmod>`,
    );
    const draft = sample.products.find((p) => p.publishedAt === null)!;
    expect(xml).not.toContain(`/produtos/${draft.id}/`);
  });

  it('fails the schema when the document is not a sitemap (the validator can fail)', async () => {
    expect(
      await sitemapSchemaErrors(
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>yesterday</lastmod></url></urlset>',
        'urlset',
      ),
    ).not.toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('is clean under Redocly (recommended) and Spectral (spectral:oas), as JSON and as YAML', async () => {
    for (const file of ['dist/client/openapi.json', 'dist/client/api/openapi.yaml']) {
      expect(await redoclyProblems(file), file).toEqual([]);
      expect(await spectralProblems(file), file).toEqual([]);
    }
  });

  it('fails the linters when an operation loses its id and tags (the linters can fail)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const doc = JSON.parse(readFileSync('dist/client/openapi.json', 'utf8'));
      delete doc.paths['/api/public/v1/products/{productId}/stats'].get.operationId;
      delete doc.paths['/api/public/v1/products/{productId}/stats'].get.tags;
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      copyFileSync('.spectral.yaml', join(dir, '.spectral.yaml'));
      expect(await redoclyProblems(join(dir, 'openapi.json'))).not.toEqual([]);
      expect(await spectralProblems(join(dir, 'openapi.json'))).not.toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says the same in JSON and YAML, with the facts of the public contract (OpenAPI 3.0.3, version 1.0.0, the operation and its group)', async () => {
    const json = await (await get('/openapi.json')).json();
    const yaml = parseYaml(await (await get('/api/openapi.yaml')).text());
    expect(yaml).toEqual(json);
    expect(json).toMatchObject({ openapi: '3.0.3', info: { version: '1.0.0' }, servers: [{ url: manifest.baseUrl }], security: [] });
    const get200 = json.paths['/api/public/v1/products/{productId}/stats'].get;
    expect(get200).toMatchObject({ operationId: 'getCatalogProductStats', tags: ['Catalog Products'] });
    expect(Object.keys(json.components.schemas)).toEqual(expect.arrayContaining(['ProductStats', 'MerchantStats', 'Error']));
    expect(json.components.schemas.ProductStats).toMatchObject({
      additionalProperties: false,
      properties: { productId: { type: 'integer', format: 'int64', minimum: 1, maximum: 9007199254740991 } },
    });
    expect(get200.responses['200'].headers['Cache-Control']).toMatchObject({ required: true });
    expect(Object.keys(get200.responses['200'].headers)).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
    expect(json.components.responses.RateLimitExceeded.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
    expect(json.components.headers.RetryAfter.schema).toEqual({ type: 'integer', minimum: 1 });
    expect(Object.keys(get200.responses).sort()).toEqual(['200', '304', '400', '404', '405', '429', '500']);
  });
});

describe('llms.txt', () => {
  it('follows the llmstxt.org structure, and every link resolves on this server', async () => {
    const text = await (await get('/llms.txt')).text();
    const { problems, links } = llmsTxtStructure(text);
    expect(problems).toEqual([]);
    expect(links.map((l) => l.name)).toEqual(expect.arrayContaining([...TOOLS.map((tool) => tool.name), 'Product statistics']));
    for (const url of new Set(links.map((l) => l.url))) {
      const response = await local(url);
      expect(response.status, url).toBe(200);
    }
    expect(llmsTxtStructure('# Name\n\n> summary\n\ntext\n\n## Docs\n\n- [x](https://a.example) no colon\n').problems).not.toEqual([]);
  });
});

describe('manifest and the live endpoints agree', () => {
  it('has the counts catalog_overview answers, and the tools tools/list lists', async () => {
    const overview = CatalogOverviewSchema.parse((await client.callTool({ name: 'catalog_overview', arguments: {} })).structuredContent);
    expect(manifest.counts).toEqual(overview.counts);
    expect(manifest.documents).toEqual(overview.documents);
    const { tools } = await client.listTools();
    expect(manifest.mcp.tools.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    expect(manifest.mcp).toMatchObject({ transport: 'streamable-http', protocolVersion: '2025-06-18', authentication: 'none' });
    expect(manifest.usagePolicy.forbidden).toEqual(expect.arrayContaining(['Mirroring', 'Building training datasets', 'Evading quotas']));
  });

  it('states one catalog version and generation time in every document and answer', async () => {
    const overview = CatalogOverviewSchema.parse((await client.callTool({ name: 'catalog_overview', arguments: {} })).structuredContent);
    const openapi = await (await get('/openapi.json')).json();
    const showcase = ShowcaseSchema.parse(await (await get('/gpt/products.json')).json());
    const stats = await get('/api/public/v1/products/1/stats');
    const llms = await (await get('/llms.txt')).text();
    const stamp = { catalogVersion: overview.catalogVersion, generatedAt: overview.generatedAt };
    expect({ catalogVersion: manifest.catalogVersion, generatedAt: manifest.generatedAt }).toEqual(stamp);
    expect({ catalogVersion: showcase.catalogVersion, generatedAt: showcase.generatedAt }).toEqual(stamp);
    expect({ catalogVersion: openapi.info['x-catalog-version'], generatedAt: openapi.info['x-catalog-generated-at'] }).toEqual(stamp);
    expect({ catalogVersion: stats.headers.get('catalog-version'), generatedAt: stats.headers.get('catalog-generated-at') }).toEqual(stamp);
    expect(llms).toContain(`Catalog snapshot ${stamp.catalogVersion}, generated ${stamp.generatedAt}`);
  });

  it('shows products that get_product and the stats endpoint resolve, with the same canonical URL', async () => {
    const showcase = ShowcaseSchema.parse(await (await get('/gpt/products.json?limit=20')).json());
    expect(showcase.products).toHaveLength(20);
    for (const product of showcase.products) {
      const result = await client.callTool({ name: 'get_product', arguments: { productId: product.id } });
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toMatchObject({
        product: { id: product.id, title: product.title, url: product.url, price: product.price },
      });
      expect(await (await get(`/api/public/v1/products/${product.id}/stats`)).json()).toMatchObject({ productId: product.id });
    }
  });
});

describe('compressed documents (self-hosted)', () => {
  const raw = (path: string, acceptEncoding?: string) =>
    requestOnce(server.baseUrl, {
      method: 'GET',
      target: path,
      headers: acceptEncoding === undefined ? [] : [['Accept-Encoding', acceptEncoding]],
    });

  it('sends a document in the coding the client takes (Brotli first, then gzip), each its own ETag, always with Vary', async () => {
    const plain = await raw('/sitemap.xml');
    expect(plain.headers.get('content-encoding')).toBeUndefined();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
      ['gzip;q=0, *', 'br', brotliDecompressSync],
      ['*;q=0.1, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const answer = await raw('/sitemap.xml', accept);
      expect(answer.headers.get('content-encoding'), accept).toBe(coding);
      expect(answer.headers.get('vary')).toBe('Accept-Encoding');
      expect(Number(answer.headers.get('content-length'))).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(decode(answer.body).equals(plain.body), accept).toBe(true);
      expect(answer.headers.get('etag')).not.toBe(plain.headers.get('etag'));
      // Revalidated as the representation it is.
      const again = await requestOnce(server.baseUrl, {
        method: 'GET',
        target: '/sitemap.xml',
        headers: [
          ['Accept-Encoding', accept],
          ['If-None-Match', answer.headers.get('etag')!],
        ],
      });
      expect(again.status).toBe(304);
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate'])
      expect((await raw('/llms.txt', accept)).headers.get('content-encoding')).toBeUndefined();
    // The stored forms are not files of the site.
    for (const path of ['/sitemap.xml.br', '/gpt.json.gz']) expect((await raw(path)).status).toBe(404);
  });
});
