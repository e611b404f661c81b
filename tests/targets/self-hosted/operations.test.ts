import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.ts';
import { documentSettings } from '../../../src/documents/document-settings.ts';
import { validFixture, writeExport } from '../../support/fixture-export.ts';
import { exchange, openConnection, type RawAnswer } from '../../support/raw-http.ts';

/*
 * Running the self-hosted server as an operator does, each server on a private copy of the built
 * site (a rebuild rewrites its documents): health and readiness, the request log, the refusal of
 * documents built for other settings, SIGTERM with a request in flight, and `npm run rebuild`
 * swapping the snapshot under load.
 */
const repo = process.cwd();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'operations-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE_ENV = { HOST: '127.0.0.1', PORT: '0', SITE_URL: 'http://127.0.0.1:4321', LOG_LEVEL: 'info', RATE_LIMITS: 'off' };

/** A copy of the built site whose build-info states `env`'s settings, and a snapshot of its own. */
function privateSite(name: string, env: Record<string, string>): { cwd: string; snapshot: string } {
  const cwd = join(dir, name);
  cpSync(join(repo, 'dist'), join(cwd, 'dist'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(cwd, 'node_modules'), 'dir');
  const documents = documentSettings(loadConfig({ ...BASE_ENV, ...env }));
  writeFileSync(join(cwd, 'dist', 'build-info.json'), JSON.stringify({ documents, builtAt: new Date().toISOString() }));
  const snapshot = join(cwd, 'catalog.sqlite');
  copyFileSync(inject('sampleSnapshot'), snapshot);
  return { cwd, snapshot };
}

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  lines: () => Record<string, unknown>[];
}

/** A port nothing listens on now (a server that logs no "listening on" line is found there). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

async function serve(cwd: string, env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repo, 'scripts', 'serve.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...BASE_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      void fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => {
          clearInterval(timer);
          resolve(`http://127.0.0.1:${port}`);
        },
        () => {},
      );
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, url, output: () => output, lines };
}

const stop = async (served: Served) => {
  if (served.child.exitCode === null) {
    served.child.kill('SIGTERM');
    await once(served.child, 'exit');
  }
};

describe('self-hosted operations', () => {
  it('refuses to serve documents built for other settings, naming the variables', () => {
    const { cwd, snapshot } = privateSite('refuse', {});
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync(process.execPath, [join(repo, 'scripts', 'serve.ts')], {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...BASE_ENV, CATALOG_DB: snapshot, SITE_URL: 'https://elsewhere.example', RATE_LIMITS: 'on' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toMatch(/refusing to serve/);
    expect(failure?.stderr).toMatch(/SITE_URL: built "http:\/\/127\.0\.0\.1:4321", now "https:\/\/elsewhere\.example"/);
    expect(failure?.stderr).toMatch(/RATE_LIMITS: built "off", now "on"/);
  });

  it('answers /healthz and /readyz (the snapshot and its age, the quota store), unready without a snapshot', async () => {
    const { cwd, snapshot } = privateSite('health', { RATE_LIMITS: 'on' });
    const served = await serve(cwd, { CATALOG_DB: snapshot, RATE_LIMITS: 'on', RATE_LIMIT_DB: join(cwd, 'quotas.sqlite') });
    const missing = await serve(cwd, { CATALOG_DB: `${snapshot}.missing`, RATE_LIMITS: 'on', RATE_LIMIT_DB: join(cwd, 'quotas.sqlite') });
    try {
      const health = await fetch(`${served.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${served.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(ready.headers.get('ratelimit')).toBeNull();
      const body = (await ready.json()) as { catalog: { version: string; ageSeconds: number } };
      expect(body).toMatchObject({ status: 'ready', problems: [], quotaStore: { enabled: true, reachable: true } });
      expect(body.catalog.version).toMatch(/^[0-9a-f]{16}$/);
      expect(body.catalog.ageSeconds).toBeGreaterThanOrEqual(0);
      const unready = await fetch(`${missing.url}/readyz`);
      expect(unready.status).toBe(503);
      const text = await unready.text();
      expect(JSON.parse(text)).toMatchObject({ status: 'unready', problems: ['the catalog snapshot cannot be opened'], catalog: null });
      expect(text).not.toContain(snapshot);
      expect((await fetch(`${missing.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${served.url}/readyz`, { method: 'POST' })).status).toBe(405);
    } finally {
      await Promise.all([stop(served), stop(missing)]);
    }
  });

  it('logs one JSON line per request: route template, status, duration, catalog version; never the path, query or address', async () => {
    const { cwd, snapshot } = privateSite('log', {});
    const served = await serve(cwd, { CATALOG_DB: snapshot });
    const quiet = await serve(cwd, { CATALOG_DB: snapshot, LOG_LEVEL: 'warn' });
    try {
      await (await fetch(`${served.url}/api/public/v1/products/1/stats?token=segredo-da-loja`)).text();
      await (await fetch(`${served.url}/produtos/1/fone-secreto?q=segredo-da-busca`, { redirect: 'manual' })).text();
      await (await fetch(`${served.url}/nada/segredo-no-caminho`)).text();
      await (await fetch(`${quiet.url}/api/public/v1/products/1/stats`)).text();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const requests = served.lines().filter((line) => line.msg === 'request');
      expect(requests.map((line) => [line.method, line.route, line.status])).toEqual([
        ['GET', '/api/public/v1/products/{productId}/stats', 200],
        ['GET', '/produtos/*', 301],
        ['GET', '/*', 404],
      ]);
      for (const line of requests) {
        expect(line).toMatchObject({
          level: 'info',
          time: expect.any(String),
          durationMs: expect.any(Number),
          catalogVersion: expect.any(String),
        });
      }
      expect(served.output()).not.toMatch(/segredo|127\.0\.0\.1:\d+\/|::ffff/);
      expect(quiet.lines().filter((line) => line.msg === 'request')).toEqual([]);
    } finally {
      await Promise.all([stop(served), stop(quiet)]);
    }
  });

  it('on SIGTERM stops accepting, finishes the request in flight, gives quota leases back and exits 0', async () => {
    // A day-long window: a lease of a window that ends mid-test is rightly not given back.
    const limits = { RATE_LIMITS: 'on', RATE_LIMIT_REST: '800', RATE_LIMIT_WINDOW_SECONDS: '86400' };
    const { cwd, snapshot } = privateSite('sigterm', limits);
    const quotas = join(cwd, 'quotas.sqlite');
    const served = await serve(cwd, { CATALOG_DB: snapshot, ...limits, RATE_LIMIT_DB: quotas });
    // One REST request leases a block of the quota from the file.
    expect((await fetch(`${served.url}/api/public/v1/products/1/stats`)).status).toBe(200);
    const { port } = new URL(served.url);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'get_product', arguments: { productId: 1 } },
    });
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    served.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No new connections while the one in flight finishes.
    const refused = await fetch(`${served.url}/healthz`).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    expect(refused).toBe('ECONNREFUSED');
    socket.write(body.slice(20));
    const [code] = await once(served.child, 'exit');
    expect(code).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"id":7');
    expect(served.output()).toMatch(/"msg":"stopped"/);
    const db = new Database(quotas, { readonly: true });
    const used = db.prepare("SELECT used FROM counters WHERE key LIKE 'rest:%'").pluck().all();
    db.close();
    expect(used).toEqual([1]);
  });

  it('swaps in the snapshot and documents of `npm run rebuild` from a remote export under load: no failed request, then the new catalog on every face, the old file released', async () => {
    const { cwd, snapshot } = privateSite('rebuild', {});
    const served = await serve(cwd, { CATALOG_DB: snapshot, SNAPSHOT_RELEASE_SECONDS: '1' });
    const before = await fetch(`${served.url}/api/public/v1/products/1/stats`);
    const oldVersion = before.headers.get('catalog-version');
    const fixture = validFixture();
    fixture.products[0]!.title = 'Fone reconstruído';
    fixture.products[0]!.slug = 'fone-reconstruido-1';
    // The export as an operator publishes it: files under a URL that wants a token.
    const exportDir = writeExport(fixture, {}, { dir: join(dir, 'rebuild-export') });
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

  it('keeps the snapshot and documents in use when a rebuild fails', async () => {
    const { cwd, snapshot } = privateSite('rebuild-fails', {});
    const llms = join(cwd, 'dist', 'client', 'llms.txt');
    const before = execFileSync('sha256sum', [snapshot, llms], { encoding: 'utf8' });
    const fixture = validFixture();
    const source = writeExport(fixture, { products: ['{"id": "not a number"}'] }, { dir: join(dir, 'broken-export') });
    let status: number | null = 0;
    try {
      execFileSync(process.execPath, [join(repo, 'scripts', 'rebuild.ts')], {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...BASE_ENV, CATALOG_SOURCE: source, CATALOG_DB: snapshot },
        stdio: 'pipe',
      });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(1);
    expect(execFileSync('sha256sum', [snapshot, llms], { encoding: 'utf8' })).toBe(before);
    expect(readdirSync(cwd).filter((name) => name.includes('.next-'))).toEqual([]);
  });
  it('keeps serving the build it has through full builds beside it (dist emptied, replaced, a new snapshot), and takes up a rebuild only when told', async () => {
    // Two whole builds (Astro's, the views', the documents') beside a server under load: 25 to 30 s
    // on two busy cores, past the suite's default bound (its own, 90 s, below).
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
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(worker));
    const fixture = validFixture();
    fixture.products[0]!.title = 'Fone de outra build';
    const source = writeExport(fixture, {}, { dir: join(dir, 'build-beside-export') });
    try {
      for (let round = 0; round < 2; round++) {
        const built = spawn(process.execPath, ['scripts/build.ts'], {
          cwd,
          env: { PATH: process.env.PATH ?? '', ...BASE_ENV, CATALOG_SOURCE: source, CATALOG_DB: snapshot },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let log = '';
        built.stderr!.on('data', (chunk: Buffer) => (log += chunk));
        const [code] = await once(built, 'exit');
        expect(code, log).toBe(0);
      }
      // The builds' snapshot is in place; the server has not been told: it still answers its own.
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
  it('a second start on a busy port says so in one line before building anything, and the live server is unchanged', async () => {
    const { cwd, snapshot } = privateSite('second-start', {});
    const served = await serve(cwd, { CATALOG_DB: snapshot });
    try {
      const before = await (await fetch(`${served.url}/gpt.json`)).text();
      const port = new URL(served.url).port;
      const env = {
        PATH: process.env.PATH ?? '',
        ...BASE_ENV,
        PORT: port,
        CATALOG_DB: snapshot,
        CATALOG_SOURCE: join(repo, 'data', 'sample'),
      };
      for (const script of ['start.ts', 'serve.ts']) {
        const second = spawnSync(process.execPath, [join(repo, 'scripts', script)], { cwd, env, encoding: 'utf8', timeout: 30_000 });
        expect(second.status, second.stderr).toBe(1);
        expect(second.stderr.trim().split('\n')).toEqual([
          `[${script === 'start.ts' ? 'start' : 'server'}] cannot listen on 127.0.0.1:${port}: the port is in use (another server? stop it, or set PORT)`,
        ]);
      }
      expect(await (await fetch(`${served.url}/gpt.json`)).text()).toBe(before);
      // The server that could not listen left no copy of the build behind.
      expect(readdirSync(join(cwd, '.served'))).toHaveLength(1);
    } finally {
      await stop(served);
    }
  });
  it('sends exactly the bytes it measured of a document rewritten in place while served: no answer longer or shorter than it says on a keep-alive connection', async () => {
    const { cwd, snapshot } = privateSite('rewritten', {});
    const served = await serve(cwd, { CATALOG_DB: snapshot });
    // The server's copy of the build links the same file: a rewrite in place reaches it.
    const file = join(cwd, 'dist', 'client', 'llms.txt');
    // ASCII only: a body mixed of both versions is still counted byte for byte.
    const long = `${'x'.repeat(200_000)}\n`;
    const short = 'curto\n';
    let rewriting = true;
    let flip = false;
    const rewrite = () => {
      if (!rewriting) return;
      flip = !flip;
      writeFileSync(file, flip ? long : short);
      setImmediate(rewrite);
    };
    rewrite();
    const wrong: string[] = [];
    let answers = 0;
    let closed = 0;
    const until = Date.now() + 2_000;
    let socket = await openConnection(served.url);
    try {
      while (Date.now() < until) {
        let answer: RawAnswer;
        try {
          answer = await exchange(socket, 'GET /llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', [], 5_000);
        } catch {
          // Cut short (the file shrank under it): the connection is closed, never left mid-answer.
          closed++;
          socket.destroy();
          socket = await openConnection(served.url);
          continue;
        }
        answers++;
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(answer.head)?.[1]);
        if (answer.status !== 200 || Buffer.byteLength(answer.body) !== length) wrong.push(answer.head.split('\r\n')[0]!);
      }
    } finally {
      rewriting = false;
      socket.destroy();
      await stop(served);
    }
    expect(wrong).toEqual([]);
    expect(answers).toBeGreaterThan(50);
    expect(closed).toBeLessThan(answers);
  });
  it('/readyz says what is true: ready but degraded while the shared quota store does not answer or its folder is gone, still serving', async () => {
    const { cwd, snapshot } = privateSite('degraded', { RATE_LIMITS: 'on' });
    // A Redis nobody runs (a closed port), and a quota file whose folder goes away.
    const redis = await serve(cwd, {
      CATALOG_DB: snapshot,
      RATE_LIMITS: 'on',
      RATE_LIMIT_REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    const file = await serve(cwd, { CATALOG_DB: snapshot, RATE_LIMITS: 'on', RATE_LIMIT_DB: join(cwd, 'quotas', 'quotas.sqlite') });
    try {
      expect((await fetch(`${file.url}/api/public/v1/products/1/stats`)).status).toBe(200);
      rmSync(join(cwd, 'quotas'), { recursive: true });
      for (const served of [redis, file]) {
        const ready = await fetch(`${served.url}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toMatchObject({
          status: 'degraded',
          problems: [],
          degraded: [expect.stringMatching(/quota store/)],
          catalog: { version: expect.stringMatching(/^[0-9a-f]{16}$/) },
          quotaStore: { enabled: true, reachable: false, counting: 'this instance only' },
        });
        expect((await fetch(`${served.url}/api/public/v1/products/2/stats`)).status).toBe(200);
      }
    } finally {
      await stop(redis);
      await stop(file);
    }
  });
});
