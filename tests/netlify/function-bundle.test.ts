import { resolveConfig } from '@netlify/config';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/*
 * Bundles netlify/functions with Netlify's own bundler and the settings of netlify.toml, as a
 * deploy does, and runs the bundled function from its own folder (as Lambda does, cwd = bundle).
 * NetlifyDev cannot show this: it ignores [functions] included_files.
 */
let out: string;
const bundles: Record<string, string> = {};

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'catalog-bundle-'));
  const { config } = await resolveConfig({ cwd: process.cwd(), offline: true });
  const settings = config.functions?.['*'] ?? {};
  // A deploy bundles the snapshot `npm run build` left in data/; a fresh clone has none yet.
  const snapshot = join('data', 'catalog.sqlite');
  const placed = !existsSync(snapshot);
  if (placed) copyFileSync(inject('sampleSnapshot'), snapshot);
  // @netlify/build hands zip-it-and-ship-it these netlify.toml keys in camelCase.
  const results = await zipFunctions([config.functionsDirectory ?? 'netlify/functions'], out, {
    archiveFormat: 'none',
    basePath: process.cwd(),
    repositoryRoot: process.cwd(),
    config: { '*': { includedFiles: settings.included_files, nodeBundler: settings.node_bundler, externalNodeModules: settings.external_node_modules } },
  });
  if (placed) rmSync(snapshot);
  expect(results.map((r) => r.name).sort()).toEqual(['api', 'mcp', 'showcase']);
  for (const result of results) {
    bundles[result.name] = result.path;
    expect(readdirSync(join(result.path, 'data'))).toEqual(['catalog.sqlite']);
    // Run the bundle on the sample snapshot, whatever data/ held.
    copyFileSync(inject('sampleSnapshot'), join(result.path, 'data', 'catalog.sqlite'));
  }
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('Netlify function bundle', () => {
  it('routes /api and /api/* to the function, static files first', async () => {
    const { config } = await resolveConfig({ cwd: process.cwd(), offline: true });
    expect(config.build.publish).toMatch(/dist\/client$/);
    const source = await import('../../netlify/functions/api.ts');
    expect(source.config).toEqual({ path: ['/api', '/api/*'], preferStatic: true });
  });

  it('ships only the Linux x64 build of better-sqlite3 (and the snapshot, checked at bundling)', () => {
    for (const bundle of Object.values(bundles)) {
      expect(readdirSync(join(bundle, 'node_modules', 'better-sqlite3', 'prebuilds'))).toEqual(['linux-x64.node']);
    }
  });

  /** Runs a request through a bundled function, from the bundle's own folder, as on Netlify. */
  const probe = (name: string, request: string) => {
    writeFileSync(
      join(bundles[name]!, 'probe.mjs'),
      `const fn = await import('./netlify/functions/${name}.mjs');
       const res = await fn.default(${request}, {});
       console.log(JSON.stringify({ status: res.status, body: await res.json() }));`,
    );
    const output = execFileSync(process.execPath, ['probe.mjs'], { cwd: bundles[name]!, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    return JSON.parse(output) as { status: number; body: Record<string, any> };
  };

  it('answers from its own folder, as on Netlify', () => {
    const { status, body } = probe('api', `new Request('https://site.example/api/public/v1/merchants/1/stats')`);
    expect(status).toBe(200);
    expect(body.merchantId).toBe(1);
    expect(body.productsCount).toBeGreaterThan(0);
  });

  it('answers MCP tool calls from its own folder, on a public host name', () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_product', arguments: { productId: 1 } } });
    const { status, body } = probe('mcp', `new Request('https://site.example/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', Host: 'site.example' }, body: ${JSON.stringify(call)} })`);
    expect(status).toBe(200);
    expect(body.result.structuredContent.product.id).toBe(1);
  });

  it('answers the showcase from its own folder, cached by the CDN per limit', async () => {
    const source = await import('../../netlify/functions/showcase.ts');
    expect(source.config).toEqual({ path: '/gpt/products.json' });
    const { status, body } = probe('showcase', `new Request('https://site.example/gpt/products.json?limit=2')`);
    expect(status).toBe(200);
    expect(body.products).toHaveLength(2);
    writeFileSync(
      join(bundles.showcase!, 'probe-headers.mjs'),
      `const fn = await import('./netlify/functions/showcase.mjs');
       const res = await fn.default(new Request('https://site.example/gpt/products.json'), {});
       console.log(JSON.stringify(Object.fromEntries(res.headers)));`,
    );
    const headers = JSON.parse(execFileSync(process.execPath, ['probe-headers.mjs'], { cwd: bundles.showcase!, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' }));
    expect(headers).toMatchObject({ 'netlify-vary': 'query=limit', 'netlify-cdn-cache-control': expect.stringMatching(/^public, durable, max-age=\d+/) });
  });
});
