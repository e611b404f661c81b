import { execFile, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BASE_ENV, freePort, privateSite as privateSiteIn, repo, serve, stop, useSitesDir } from '../../support/operated-server.ts';
import { exchange, openConnection, type RawAnswer } from '../../support/raw-http.ts';

/*
 * Running the self-hosted server as an operator does, each server on a private copy of the built
 * site (a rebuild rewrites its documents): health and readiness, the request log, the refusal of
 * documents built for other settings, SIGTERM with a request in flight; rebuilds beside a
 * running server are in rebuilds.test.ts.
 */
const sitesDir = useSitesDir('operations-');
const privateSite = (name: string, env: Record<string, string>) => privateSiteIn(sitesDir(), name, env);

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
        // Run without blocking this process: a blocked event loop would not see the server close
        // the first fetch's idle keep-alive socket, and the next fetch would be sent on it.
        const second = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
          execFile(
            process.execPath,
            [join(repo, 'scripts', script)],
            { cwd, env, encoding: 'utf8', timeout: 30_000 },
            (error, _out, stderr) => resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stderr }),
          );
        });
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
