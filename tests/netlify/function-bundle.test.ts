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
let bundle: string;

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
  expect(results.map((r) => r.name)).toEqual(['api']);
  bundle = results[0]!.path;
  expect(readdirSync(join(bundle, 'data'))).toEqual(['catalog.sqlite']);
  // Run the bundle on the sample snapshot, whatever data/ held.
  copyFileSync(inject('sampleSnapshot'), join(bundle, 'data', 'catalog.sqlite'));
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
    expect(readdirSync(join(bundle, 'node_modules', 'better-sqlite3', 'prebuilds'))).toEqual(['linux-x64.node']);
  });

  it('answers from its own folder, as on Netlify', () => {
    writeFileSync(
      join(bundle, 'probe.mjs'),
      `const fn = await import('./netlify/functions/api.mjs');
       const res = await fn.default(new Request('https://site.example/api/public/v1/merchants/1/stats'), {});
       console.log(JSON.stringify({ status: res.status, body: await res.json() }));`,
    );
    const output = execFileSync(process.execPath, ['probe.mjs'], { cwd: bundle, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    const { status, body } = JSON.parse(output) as { status: number; body: Record<string, number> };
    expect(status).toBe(200);
    expect(body.merchantId).toBe(1);
    expect(body.productsCount).toBeGreaterThan(0);
  });
});
