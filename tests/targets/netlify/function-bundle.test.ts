import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { resolveConfig } from '@netlify/config';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMirror } from '../../../bench/support/netlify-bundle.ts';
import { NETLIFY_FUNCTION_PATHS, NETLIFY_OTHER_METHODS, NETLIFY_RATE_LIMITED_PATH } from '../../../src/app/routes.ts';
import { NETLIFY_FIRST_LINE } from '../../../src/flood-limit/flood-limit.ts';
import { bucketStoreName } from '../../../src/quota/blobs-quota-store.ts';

/*
 * Bundles netlify/functions with Netlify's own bundler and the settings of netlify.toml, as a
 * deploy does, and runs the bundled function from its own folder (as Lambda does, cwd = bundle).
 * NetlifyDev cannot show this: it ignores [functions] included_files.
 */
let out: string;
const bundles: Record<string, string> = {};

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'catalog-bundle-'));
  // A deploy bundles the snapshot `npm run build` left in data/: here the sample's, in the run's
  // hard-linked mirror of the project (tests/support/netlify-mirror-setup.ts), so the checkout's
  // data/ is never touched (another suite bundles the checkout's functions at the same time, and a
  // file appearing and going under it broke its walk). The mirror is shared: bundles go to `out`.
  const mirror = await openMirror(inject('netlifyMirror'));
  // netlify.toml's [functions] blocks ('*' and per function), as a deploy passes them.
  const results = await zipFunctions([join(mirror.root, 'netlify', 'functions')], join(out, 'bundles'), {
    archiveFormat: 'none',
    basePath: mirror.root,
    repositoryRoot: mirror.root,
    config: mirror.config,
  });
  expect(results.map((r) => r.name).sort()).toEqual(['other-methods', 'quota-sweep', 'rate-limited', 'service']);
  for (const result of results) {
    bundles[result.name] = result.path;
    // The scheduled quota sweep and the other methods read no snapshot and ship none.
    if (result.name !== 'service') continue;
    expect(readdirSync(join(result.path, 'data'))).toEqual(['catalog.sqlite']);
    // Run the bundle on the sample snapshot, whatever data/ held.
    copyFileSync(inject('sampleSnapshot'), join(result.path, 'data', 'catalog.sqlite'));
  }
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

function writeProbe(name: string, request: string) {
  writeFileSync(
    join(bundles[name]!, 'probe.mjs'),
    `const fn = await import('./netlify/functions/${name}.mjs');
     const res = await fn.default(${request}, {});
     console.log(JSON.stringify({ status: res.status, body: await res.json() }));`,
  );
}

describe('Netlify function bundle', () => {
  it('bundles the quota sweep as a scheduled function, without the snapshot or SQLite', async () => {
    const source = await import('../../../netlify/functions/quota-sweep.ts');
    expect(source.config).toEqual({ schedule: '@hourly' });
    expect(existsSync(join(bundles['quota-sweep']!, 'data'))).toBe(false);
    expect(existsSync(join(bundles['quota-sweep']!, 'node_modules', 'better-sqlite3'))).toBe(false);
  });

  it('sweeps past quota stores from its own folder, with the Blobs context Netlify gives functions', async () => {
    const server = new BlobsServer({ directory: join(out, 'blobs'), token: 'sweep-token', port: 0 });
    const { port } = await server.start();
    try {
      const client = {
        siteID: 'sweep-site',
        token: 'sweep-token',
        edgeURL: `http://localhost:${port}`,
        uncachedEdgeURL: `http://localhost:${port}`,
      };
      const store = (name: string) => getStore({ name, ...client, consistency: 'strong' });
      // Quota blobs of an hour long past, of an hour to come, and the salt.
      for (let slot = 1; slot <= 3; slot++) await store('quotas-until-2026-01-01T00').set(`rest:c:1/n/${slot}`, '');
      const future = bucketStoreName('quotas', Date.now() + 3_600_000);
      await store(future).set('rest:c:2/n/1', '');
      await store('quotas').set('salt', 'kept');
      const context = Buffer.from(JSON.stringify(client)).toString('base64');
      writeProbe('quota-sweep', `new Request('https://site.example/.netlify/functions/quota-sweep', { method: 'POST', body: '{}' })`);
      // Not execFileSync: the Blobs server answering the function runs in this process.
      const { stdout } = await promisify(execFile)(process.execPath, ['probe.mjs'], {
        cwd: bundles['quota-sweep']!,
        env: { PATH: process.env.PATH ?? '', NETLIFY_BLOBS_CONTEXT: context },
      });
      // The function logs its summary first; the probe's line is the last.
      expect(stdout).toContain('[quota] swept 1 expired quota stores (3 blobs); 1 still live');
      const { status, body } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { status: number; body: unknown };
      expect(status).toBe(200);
      expect(body).toEqual({ stores: ['quotas-until-2026-01-01T00'], blobs: 3, kept: 1 });
      expect((await store('quotas-until-2026-01-01T00').list()).blobs).toHaveLength(0);
      expect((await store(future).list()).blobs).toHaveLength(1);
      expect(await store('quotas').get('salt')).toBe('kept');
    } finally {
      await server.stop();
    }
  });

  it("routes the app's paths to the one function (the route table's), static files first", async () => {
    const { config } = await resolveConfig({ cwd: process.cwd(), offline: true });
    expect(config.build.publish).toMatch(/dist\/client$/);
    const source = await import('../../../netlify/functions/service.ts');
    expect(source.config).toEqual({
      path: [...NETLIFY_FUNCTION_PATHS],
      preferStatic: true,
      rateLimit: { ...NETLIFY_FIRST_LINE, aggregateBy: [...NETLIFY_FIRST_LINE.aggregateBy] },
    });
    expect(NETLIFY_FUNCTION_PATHS).toEqual([
      '/healthz',
      '/readyz',
      '/api',
      '/api/*',
      '/mcp',
      '/mcp/',
      '/mcp/research',
      '/mcp/research/',
      '/ucp/mcp',
      '/ucp/mcp/',
      '/ucp/*',
      '/gpt/products.json',
      '/produtos/*',
    ]);
    const other = await import('../../../netlify/functions/other-methods.ts');
    expect(other.config).toEqual({
      ...NETLIFY_OTHER_METHODS,
      excludedPath: [...NETLIFY_OTHER_METHODS.excludedPath],
      method: [...NETLIFY_OTHER_METHODS.method],
    });
  });

  it('gives the methods the CDN does not serve their 405 (or preflight) from a bundle without snapshot or pages', () => {
    const bundle = bundles['other-methods']!;
    expect(existsSync(join(bundle, 'data'))).toBe(false);
    expect(existsSync(join(bundle, 'dist'))).toBe(false);
    writeFileSync(
      join(bundle, 'probe-methods.mjs'),
      `const fn = await import('./netlify/functions/other-methods.mjs');
       const asked = [['POST', '/'], ['DELETE', '/produtos-novos'], ['POST', '/gpt.json'], ['OPTIONS', '/llms.txt'], ['OPTIONS', '/']];
       const answers = [];
       for (const [method, path] of asked) {
         const res = await fn.default(new Request('https://site.example' + path, { method }), {});
         answers.push([method, path, res.status, res.headers.get('allow'), res.headers.get('access-control-allow-origin'), (await res.text()).replace(/^{"error".*"code":"(\\w+)".*/s, '$1').slice(0, 30)]);
       }
       console.log(JSON.stringify(answers));`,
    );
    const output = execFileSync(process.execPath, ['probe-methods.mjs'], {
      cwd: bundle,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'error' },
      encoding: 'utf8',
    });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual([
      ['POST', '/', 405, 'GET, HEAD', null, 'Método não permitido: use GET '],
      ['DELETE', '/produtos-novos', 405, 'GET, HEAD', null, 'Método não permitido: use GET '],
      ['POST', '/gpt.json', 405, 'GET, HEAD, OPTIONS', '*', 'METHOD_NOT_ALLOWED'],
      ['OPTIONS', '/llms.txt', 204, 'GET, HEAD, OPTIONS', '*', ''],
      ['OPTIONS', '/', 405, 'GET, HEAD', null, 'Método não permitido: use GET '],
    ]);
  });

  it("puts Netlify's first line in the manifest it deploys: the service function's rule, rewriting to a function without one", () => {
    // What a deploy uploads as each function's traffic_rules (deployFiles.functions_config in Netlify's API).
    type Entry = { name: string; routes?: { pattern?: string; literal?: string }[]; trafficRules?: unknown };
    const manifest = JSON.parse(readFileSync(join(out, 'bundles', 'manifest.json'), 'utf8')) as { functions: Entry[] };
    const byName = new Map(manifest.functions.map((f) => [f.name, f]));
    expect(byName.get('service')?.trafficRules).toEqual({
      action: {
        type: 'rewrite',
        config: {
          to: NETLIFY_RATE_LIMITED_PATH,
          rateLimitConfig: { windowLimit: 1200, windowSize: 60, algorithm: 'sliding_window' },
          aggregate: { keys: [{ type: 'ip' }, { type: 'domain' }] },
        },
      },
    });
    // The rewrite's target is routed to a function of its own, which has no rule: no second rewrite.
    expect(byName.get('rate-limited')?.routes?.map((r) => r.literal ?? r.pattern)).toEqual([NETLIFY_RATE_LIMITED_PATH]);
    for (const name of ['rate-limited', 'other-methods', 'quota-sweep']) expect(byName.get(name)?.trafficRules).toBeUndefined();
  });

  it("answers the first line's 429 from a bundle without snapshot, SQLite or Blobs client, writing no Blobs", async () => {
    const bundle = bundles['rate-limited']!;
    for (const absent of ['data', 'dist', join('node_modules', 'better-sqlite3'), join('node_modules', '@netlify', 'blobs')])
      expect(existsSync(join(bundle, absent))).toBe(false);
    // The Blobs context Netlify gives every function, pointed at a server that records any use.
    const used: string[] = [];
    const server = new BlobsServer({
      directory: join(out, 'blobs-first-line'),
      token: 'first-line-token',
      port: 0,
      onRequest: ({ url }) => used.push(url),
    });
    const { port } = await server.start();
    try {
      const edgeURL = `http://localhost:${port}`;
      const context = Buffer.from(
        JSON.stringify({ siteID: 'site', token: 'first-line-token', edgeURL, uncachedEdgeURL: edgeURL }),
      ).toString('base64');
      writeFileSync(
        join(bundle, 'probe-first-line.mjs'),
        `const fn = await import('./netlify/functions/rate-limited.mjs');
         const call = JSON.stringify({ jsonrpc: '2.0', id: 'ask-1', method: 'tools/call', params: { name: 'get_product', arguments: { productId: 1 } } });
         const asked = [
           ['GET', '${NETLIFY_RATE_LIMITED_PATH}', undefined],
           ['POST', '${NETLIFY_RATE_LIMITED_PATH}', call],
           ['GET', '/api/public/v1/merchants/1/stats', undefined],
           ['POST', '/mcp', call],
         ];
         const answers = [];
         for (const [method, path, body] of asked) {
           const headers = body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : {};
           const res = await fn.default(new Request('https://site.example' + path, { method, headers, body }), {});
           const fields = ['retry-after', 'ratelimit-policy', 'ratelimit', 'cache-control', 'netlify-cdn-cache-control'].map((h) => res.headers.get(h));
           answers.push([method, path, res.status, ...fields, await res.json()]);
         }
         console.log(JSON.stringify(answers));`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['probe-first-line.mjs'], {
        cwd: bundle,
        env: { PATH: process.env.PATH ?? '', NETLIFY_BLOBS_CONTEXT: context },
      });
      const fields = ['60', '"flood";q=1200;w=60', '"flood";r=0;t=60', 'no-store', 'no-store'];
      const rest = {
        error: 'Rate limit exceeded',
        code: 'RATE_LIMIT_EXCEEDED',
        message: 'Rate limit exceeded',
        resolution: expect.any(String),
      };
      const mcp = {
        jsonrpc: '2.0',
        id: 'ask-1',
        error: { code: -32000, message: 'Rate limit exceeded', data: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 60 } },
      };
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([
        ['GET', NETLIFY_RATE_LIMITED_PATH, 429, ...fields, rest],
        ['POST', NETLIFY_RATE_LIMITED_PATH, 429, ...fields, mcp],
        ['GET', '/api/public/v1/merchants/1/stats', 429, ...fields, rest],
        ['POST', '/mcp', 429, ...fields, mcp],
      ]);
      expect(used).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  it('ships only the Linux x64 build of better-sqlite3 (and the snapshot, checked at bundling)', () => {
    for (const [name, bundle] of Object.entries(bundles)) {
      // The quota sweep and the first line's 429 ship no SQLite at all (checked above); the other two must load it.
      if (name === 'quota-sweep' || name === 'rate-limited') continue;
      expect(readdirSync(join(bundle, 'node_modules', 'better-sqlite3', 'prebuilds'))).toEqual(['linux-x64.node']);
    }
  });

  /** Runs a request through a bundled function, from the bundle's own folder, as on Netlify. */
  const probe = (name: string, request: string) => {
    writeProbe(name, request);
    const output = execFileSync(process.execPath, ['probe.mjs'], {
      cwd: bundles[name]!,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'error' },
      encoding: 'utf8',
    });
    // biome-ignore lint/suspicious/noExplicitAny: the probes read deep into answers whose schemas other suites check.
    return JSON.parse(output) as { status: number; body: Record<string, any> };
  };

  it('answers from its own folder, as on Netlify', () => {
    const { status, body } = probe('service', `new Request('https://site.example/api/public/v1/merchants/1/stats')`);
    expect(status).toBe(200);
    expect(body.merchantId).toBe(1);
    expect(body.productsCount).toBeGreaterThan(0);
  });

  it('answers MCP tool calls from its own folder, on a public host name', () => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_product', arguments: { productId: 1 } },
    });
    const { status, body } = probe(
      'service',
      `new Request('https://site.example/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', Host: 'site.example' }, body: ${JSON.stringify(call)} })`,
    );
    expect(status).toBe(200);
    expect(body.result.structuredContent.product.id).toBe(1);
  });

  it('answers the showcase from its own folder, cached by the CDN per limit', async () => {
    const { status, body } = probe('service', `new Request('https://site.example/gpt/products.json?limit=2')`);
    expect(status).toBe(200);
    expect(body.products).toHaveLength(2);
    writeFileSync(
      join(bundles.service!, 'probe-headers.mjs'),
      `const fn = await import('./netlify/functions/service.mjs');
       const res = await fn.default(new Request('https://site.example/gpt/products.json'), {});
       console.log(JSON.stringify(Object.fromEntries(res.headers)));`,
    );
    const headers = JSON.parse(
      execFileSync(process.execPath, ['probe-headers.mjs'], {
        cwd: bundles.service!,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'error' },
        encoding: 'utf8',
      }),
    );
    expect(headers).toMatchObject({
      'netlify-vary': 'query=limit',
      'netlify-cache-tag': 'catalog',
      'netlify-cdn-cache-control': expect.stringMatching(/^public, durable, max-age=\d+/),
    });
  });

  it('answers every URL of the sitemap: the CDN its files, the function (from its own folder) the product pages', () => {
    expect(existsSync(join(bundles.service!, 'dist', 'server', 'entry.mjs'))).toBe(true);
    expect(existsSync(join(bundles['quota-sweep']!, 'dist'))).toBe(false);
    const client = join(process.cwd(), 'dist', 'client');
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const root = readFileSync(join(client, 'sitemap.xml'), 'utf8');
    const paths = root.includes('<sitemapindex')
      ? locs(root).flatMap((child) => locs(readFileSync(join(client, child), 'utf8')))
      : locs(root);
    // Netlify's routing: a file of the publish directory first (preferStatic), then the function's paths.
    const routedToFunction = (path: string) =>
      NETLIFY_FUNCTION_PATHS.some((p) => (p.endsWith('/*') ? path.startsWith(p.slice(0, -1)) : path === p));
    const isFile = (path: string) =>
      [path, `${path}.html`, join(path, 'index.html')].some((f) => existsSync(join(client, f)) && !f.endsWith('/'));
    const toFunction = paths.filter((path) => !isFile(path));
    expect(toFunction.filter((path) => !routedToFunction(path))).toEqual([]);
    expect(toFunction.length).toBeGreaterThan(300);
    writeFileSync(join(bundles.service!, 'paths.json'), JSON.stringify(toFunction));
    writeFileSync(
      join(bundles.service!, 'probe-pages.mjs'),
      `import { readFileSync } from 'node:fs';
       const fn = await import('./netlify/functions/service.mjs');
       const failing = [];
       for (const path of JSON.parse(readFileSync('paths.json', 'utf8'))) {
         const res = await fn.default(new Request('https://site.example' + path), {});
         const html = await res.text();
         const page = path.startsWith('/produtos/');
         if (res.status !== 200 || (page && !(res.headers.get('content-type').startsWith('text/html') && html.includes('application/ld+json'))))
           failing.push(res.status + ' ' + path);
       }
       console.log(JSON.stringify(failing));`,
    );
    const output = execFileSync(process.execPath, ['probe-pages.mjs'], {
      cwd: bundles.service!,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'error' },
      encoding: 'utf8',
    });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual([]);
  });
});
