import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validFixture, writeExport } from '../../support/fixture-export.ts';
import { BASE_ENV, privateSite as privateSiteIn, repo, serve, stop, useSitesDir } from '../../support/operated-server.ts';

/*
 * The self-hosted server through rebuilds beside it, run as an operator does (each server on a
 * private copy of the built site): `npm run rebuild` swapping the snapshot and documents under
 * load and a whole build beside a running server (a rebuild that fails or is refused:
 * operator-faults.test.ts). Apart from
 * operations.test.ts so that the two long files run side by side.
 */
const sitesDir = useSitesDir('rebuilds-');
const privateSite = (name: string, env: Record<string, string>) => privateSiteIn(sitesDir(), name, env);
/**
 * Each load worker's rest between requests: several requests are in flight at any moment, but the
 * load no longer takes both cores from the build it runs beside (and from the suite's other files).
 */
const pause = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('self-hosted operations: rebuilds', () => {
  it('swaps in the snapshot and documents of `npm run rebuild` from a remote export under load: no failed request, then the new catalog on every face, the old file released', async () => {
    const { cwd, snapshot } = privateSite('rebuild', {});
    const served = await serve(cwd, { CATALOG_DB: snapshot, SNAPSHOT_RELEASE_SECONDS: '1' });
    const before = await fetch(`${served.url}/api/public/v1/products/1/stats`);
    const oldVersion = before.headers.get('catalog-version');
    const fixture = validFixture();
    fixture.products[0]!.title = 'Fone reconstruído';
    fixture.products[0]!.slug = 'fone-reconstruido-1';
    // The export as an operator publishes it: files under a URL that wants a token.
    const exportDir = writeExport(fixture, {}, { dir: join(sitesDir(), 'rebuild-export') });
    const exports = createHttpServer((req, res) => {
      if (req.headers.authorization !== 'Bearer exporta-123') return void res.writeHead(401).end();
      const file = join(exportDir, basename(new URL(req.url ?? '/', 'http://x').pathname));
      if (!/^\w+\.ndjson$/.test(basename(file)) || !existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' }).end(readFileSync(file));
    }).listen(0, '127.0.0.1');
    await once(exports, 'listening');
    const source = `http://127.0.0.1:${(exports.address() as AddressInfo).port}/export/`;
    const paths = ['/api/public/v1/products/1/stats', '/gpt/products.json', '/produtos/1/x', '/llms.txt', '/sitemap.xml'];
    const failures: string[] = [];
    const versions = new Set<string>();
    let loading = true;
    const worker = async (n: number) => {
      for (let i = n; loading; i++) {
        const path = paths[i % paths.length]!;
        try {
          const response = await fetch(served.url + path, { redirect: 'manual' });
          await response.arrayBuffer();
          if (![200, 301].includes(response.status)) failures.push(`${path}: ${response.status}`);
          const version = response.headers.get('catalog-version');
          if (version) versions.add(version);
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`);
        }
        await pause();
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rebuilt = spawn(process.execPath, [join(repo, 'scripts', 'rebuild.ts')], {
        cwd,
        env: {
          PATH: process.env.PATH ?? '',
          ...BASE_ENV,
          CATALOG_SOURCE: source,
          CATALOG_SOURCE_TOKEN: 'exporta-123',
          // Two products replacing the sample's 388: meant (the catalog guard refuses it otherwise).
          CATALOG_FORCE: 'on',
          CATALOG_DB: snapshot,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let log = '';
      rebuilt.stderr!.on('data', (chunk: Buffer) => (log += chunk));
      const [code] = await once(rebuilt, 'exit');
      expect(code, log).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      loading = false;
      await load;
      expect(failures).toEqual([]);
      const after = await fetch(`${served.url}/api/public/v1/products/1/stats`);
      const newVersion = after.headers.get('catalog-version')!;
      expect(newVersion).not.toBe(oldVersion);
      expect([...versions].sort()).toEqual([oldVersion, newVersion].sort());
      // Every face states the new catalog: the documents, the showcase, MCP, the stats, the pages.
      expect(await (await fetch(`${served.url}/llms.txt`)).text()).toContain(newVersion);
      expect(((await (await fetch(`${served.url}/gpt.json`)).json()) as { catalogVersion: string }).catalogVersion).toBe(newVersion);
      expect(((await (await fetch(`${served.url}/gpt/products.json`)).json()) as { catalogVersion: string }).catalogVersion).toBe(
        newVersion,
      );
      const overview = await fetch(`${served.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'catalog_overview', arguments: {} } }),
      });
      expect(JSON.stringify(await overview.json())).toContain(newVersion);
      expect((await fetch(`${served.url}/produtos/1/fone-reconstruido-1`)).headers.get('catalog-version')).toBe(newVersion);
      expect(await (await fetch(`${served.url}/produtos/1/x`, { redirect: 'manual' })).headers.get('location')).toMatch(
        /fone-reconstruido/,
      );
      expect(served.lines().some((line) => String(line.msg).includes(`answering from catalog version ${newVersion}`))).toBe(true);
      // The replaced file is closed once the requests that took it are done (1 s here).
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const fds = readdirSync(`/proc/${served.child.pid}/fd`).map((fd) => {
        try {
          return readlinkSync(`/proc/${served.child.pid}/fd/${fd}`);
        } catch {
          return '';
        }
      });
      expect(fds.filter((target) => target.includes('catalog.sqlite'))).toEqual([snapshot]);
    } finally {
      loading = false;
      await load.catch(() => {});
      exports.close();
      await stop(served);
    }
  });

  it('keeps serving the build it has through a full build beside it (dist emptied, replaced, a new snapshot), and takes up a rebuild only when told', async () => {
    // A whole build (the snapshot's, Astro's, the views', the documents') beside a server under load:
    // the dist/ the server started from is emptied and replaced and the snapshot renamed over, which
    // is all a build does to a running server (a second build only replaced a dist/ it never served).
    // Past the suite's default bound on two busy cores (its own, 90 s, below).
    // A checkout of its own that `npm run build` can build in: the sources copied (Astro resolves
    // a linked source folder to its real path), the scripts and node_modules linked.
    const { cwd, snapshot } = privateSite('build-beside', {});
    for (const file of ['src', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
      cpSync(join(repo, file), join(cwd, file), { recursive: true });
    symlinkSync(join(repo, 'scripts'), join(cwd, 'scripts'), 'dir');
    const served = await serve(cwd, { CATALOG_DB: snapshot, SNAPSHOT_RELEASE_SECONDS: '1' });
    const oldVersion = (await fetch(`${served.url}/api/public/v1/products/1/stats`)).headers.get('catalog-version');
    const page = new URL((await fetch(`${served.url}/produtos/1/x`, { redirect: 'manual' })).headers.get('location')!).pathname;
    const paths = ['/', '/llms.txt', '/gpt.json', '/sitemap.xml', page, '/api/public/v1/products/1/stats', '/gpt/products.json'];
    const firstAnswers = new Map<string, string>();
    for (const path of paths) firstAnswers.set(path, await (await fetch(served.url + path)).text());
    const failures: string[] = [];
    const changed = new Set<string>();
    let loading = true;
    const worker = async (n: number) => {
      for (let i = n; loading; i++) {
        const path = paths[i % paths.length]!;
        try {
          const response = await fetch(served.url + path);
          const text = await response.text();
          if (response.status !== 200) failures.push(`${path}: ${response.status}`);
          else if (text !== firstAnswers.get(path)) changed.add(path);
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
        await pause();
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    const fixture = validFixture();
    fixture.products[0]!.title = 'Fone de outra build';
    const source = writeExport(fixture, {}, { dir: join(sitesDir(), 'build-beside-export') });
    try {
      const built = spawn(process.execPath, ['scripts/build.ts'], {
        cwd,
        // Two products replacing the sample's 388: meant (the catalog guard refuses it otherwise).
        env: { PATH: process.env.PATH ?? '', ...BASE_ENV, CATALOG_SOURCE: source, CATALOG_DB: snapshot, CATALOG_FORCE: 'on' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let log = '';
      built.stderr!.on('data', (chunk: Buffer) => (log += chunk));
      const [code] = await once(built, 'exit');
      expect(code, log).toBe(0);
      // The build's snapshot is in place; the server has not been told: it still answers its own.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      loading = false;
      await load;
      expect(served.child.exitCode).toBeNull();
      expect(failures).toEqual([]);
      expect([...changed]).toEqual([]);
      expect(readdirSync(cwd)).not.toContain('.build.old');
      // Told (SIGHUP, as `npm run rebuild` tells it with its signal file), it takes up what is in place.
      served.child.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const newVersion = (await fetch(`${served.url}/api/public/v1/products/1/stats`)).headers.get('catalog-version');
      expect(newVersion).not.toBe(oldVersion);
      expect(await (await fetch(`${served.url}/llms.txt`)).text()).toContain(newVersion!);
    } finally {
      loading = false;
      await load;
      await stop(served);
    }
    // A stopped server leaves no copy of its build behind.
    expect(readdirSync(join(cwd, '.served'))).toEqual([]);
  }, 90_000);
});
