import { execFile, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { resolveConfig } from '@netlify/config';
import { type FunctionResult, listFunctions, zipFunctions } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planScheduledRebuild, SCHEDULED_REBUILD_FUNCTION, writeScheduledRebuild } from '../../../src/netlify-build/rebuild-schedule.ts';
import { REBUILD_TITLE, triggerRebuild } from '../../../src/platform/netlify/scheduled-rebuild.ts';

/*
 * The scheduled rebuild as a deploy makes it: the function `npm run build` writes for
 * REBUILD_SCHEDULE, bundled by Netlify's own bundler beside netlify/functions with netlify.toml's
 * settings (as @netlify/build bundles .netlify/v1/functions), then run from its own folder against
 * a local build hook.
 *
 * The generated folder is a temporary one under .netlify/ (ignored by git), not
 * .netlify/v1/functions itself: Netlify's local tooling reads that one, and other suites run it.
 */
const SCHEDULE = '15 5 * * *';
const HOOK_ID = 'a1b2c3d4e5f6-not-a-real-hook';

let generated: string;
let out: string;
let results: FunctionResult[];
let listed: Awaited<ReturnType<typeof listFunctions>>;

/** netlify.toml's [functions] blocks as @netlify/build hands them to the bundler (camelCase keys). */
async function bundlerConfig() {
  const { config } = await resolveConfig({ cwd: process.cwd(), offline: true });
  type Toml = Record<string, { included_files?: string[]; node_bundler?: 'nft' | 'esbuild'; external_node_modules?: string[] }>;
  return Object.fromEntries(
    Object.entries((config.functions ?? {}) as Toml).map(([name, settings]) => [
      name,
      { includedFiles: settings.included_files, nodeBundler: settings.node_bundler, externalNodeModules: settings.external_node_modules },
    ]),
  );
}

beforeAll(async () => {
  mkdirSync('.netlify', { recursive: true });
  const scratch = mkdtempSync(join('.netlify', 'test-scheduled-rebuild-'));
  generated = join(scratch, 'v1', 'functions');
  const plan = planScheduledRebuild({
    NETLIFY: 'true',
    REBUILD_SCHEDULE: SCHEDULE,
    REBUILD_HOOK_URL: `https://api.netlify.com/build_hooks/${HOOK_ID}`,
  });
  expect(writeScheduledRebuild(plan, generated)).toBe(join(generated, `${SCHEDULED_REBUILD_FUNCTION}.ts`));
  out = mkdtempSync(join(tmpdir(), 'catalog-rebuild-bundle-'));
  const config = await bundlerConfig();
  // The build's functions folder first, then the user's, as @netlify/build's functions core step
  // passes them: listed with their in-source config read (the schedules), as the bundler reads it.
  // Only the scheduled function is bundled: the others' bundles are function-bundle.test.ts's.
  listed = await listFunctions([generated, 'netlify/functions'], { config, parseISC: true });
  results = await zipFunctions([generated], out, { archiveFormat: 'none', basePath: process.cwd(), repositoryRoot: process.cwd(), config });
}, 120_000);

afterAll(() => {
  rmSync(join(generated, '..', '..'), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

const bundle = () => results.find((r) => r.name === SCHEDULED_REBUILD_FUNCTION)!;

/** Every file of a folder, relative to it. */
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(join(dir, entry.name)).map((f) => join(entry.name, f)) : [entry.name],
  );

describe('the scheduled rebuild as Netlify bundles it', () => {
  it('is a scheduled function beside the project’s, with the schedule Netlify read from the literal', () => {
    expect(listed.map((r) => [r.name, r.schedule ?? null]).sort()).toEqual([
      ['other-methods', null],
      ['quota-sweep', '@hourly'],
      ['rate-limited', null],
      [SCHEDULED_REBUILD_FUNCTION, SCHEDULE],
      ['service', null],
    ]);
    expect(results.map((r) => [r.name, r.schedule])).toEqual([[SCHEDULED_REBUILD_FUNCTION, SCHEDULE]]);
    expect(bundle().runtimeAPIVersion).toBe(2);
    // A scheduled function has no path of its own (@netlify/build refuses one).
    expect(bundle().routes ?? []).toEqual([]);
  });

  it('ships neither the snapshot, the server build nor SQLite, and never the hook', () => {
    const files = filesOf(bundle().path);
    expect(files.filter((f) => f.startsWith('data/') || f.startsWith('dist/') || f.includes('better-sqlite3'))).toEqual([]);
    // The hook is read when the function runs: the build writes no trace of it (grep: status 1, no match).
    expect(spawnSync('grep', ['-rl', HOOK_ID, bundle().path]).status).toBe(1);
  });

  it('is not there when REBUILD_SCHEDULE is unset: the build removes it, nothing is bundled', async () => {
    const scratch = join(generated, '..', '..', 'unset', 'v1', 'functions');
    writeScheduledRebuild({ schedule: '@daily' }, scratch);
    expect(writeScheduledRebuild(planScheduledRebuild({ NETLIFY: 'true' }), scratch)).toBeNull();
    expect(await listFunctions([scratch, 'netlify/functions'])).toHaveLength(4);
    expect((await listFunctions([scratch, 'netlify/functions'])).map((f) => f.name)).not.toContain(SCHEDULED_REBUILD_FUNCTION);
  });
});

describe('npm run build on Netlify', () => {
  /** scripts/build.ts with a catalog step that could only fail (no export there), so nothing of the checkout is rebuilt. */
  const build = (env: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-build-'));
    try {
      return spawnSync(process.execPath, ['scripts/build.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          NETLIFY: 'true',
          CATALOG_SOURCE: join(dir, 'none'),
          CATALOG_DB: join(dir, 'x.sqlite'),
          ...env,
        },
        encoding: 'utf8',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('fails before the catalog step on a schedule Netlify would not run', () => {
    const result = build({ REBUILD_SCHEDULE: '0 6 * * * *', REBUILD_HOOK_URL: `https://api.netlify.com/build_hooks/${HOOK_ID}` });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^\[build\] REBUILD_SCHEDULE: "0 6 \* \* \* \*" has 6 fields; a schedule has five/);
    expect(result.stderr).not.toContain('[catalog]');
  });

  it('fails before the catalog step when the hook is missing, or not https, and never prints it', () => {
    const missing = build({ REBUILD_SCHEDULE: '@daily' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^\[build\] REBUILD_SCHEDULE is set but REBUILD_HOOK_URL is not/);
    const plain = build({ REBUILD_SCHEDULE: '@daily', REBUILD_HOOK_URL: `http://api.netlify.com/build_hooks/${HOOK_ID}` });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toMatch(/^\[build\] REBUILD_HOOK_URL is not an https URL/);
    expect(plain.stdout + plain.stderr).not.toContain(HOOK_ID);
    expect(plain.stderr).not.toContain('[catalog]');
  });

  it("refuses a catalog shrunk past the bound against the live deploy's /readyz, before the site build", async () => {
    const live = createServer((request, response) =>
      response.end(request.url === '/readyz' ? '{"status":"ready","catalog":{"version":"x","products":10000}}' : '{}'),
    ).listen(0, '127.0.0.1');
    await once(live, 'listening');
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-guard-'));
    try {
      const env = {
        PATH: process.env.PATH ?? '',
        NETLIFY: 'true',
        SITE_URL: `http://127.0.0.1:${(live.address() as AddressInfo).port}`,
        CATALOG_SOURCE: 'data/sample',
        CATALOG_DB: join(dir, 'x.sqlite'),
      };
      const run = await promisify(execFile)(process.execPath, ['scripts/build.ts'], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^\[build\] refused: the new catalog has 388 published products against 10000 in the catalog in use \(96% fewer; CATALOG_MAX_SHRINK_PERCENT is 50\); the site and the snapshot in use were kept\. If this catalog is meant, build again with CATALOG_FORCE=on/m,
      );
      expect(run.stderr).not.toMatch(/astro|\[views\]/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      live.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

interface Hit {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A local stand-in for Netlify's build hook: records each request, answers `status` (or never, for 0). */
async function hookServer(status: number): Promise<{ server: Server; port: number; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      hits.push({ method: request.method!, url: request.url!, contentType: request.headers['content-type'], body });
      if (status === 0) return;
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? '' : 'Not Found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
};

/** Runs the bundled handler from its own folder, as Lambda does, with only the given environment. */
async function runBundled(
  env: Record<string, string>,
  init: RequestInit = { method: 'POST', body: '{"next_run":"2026-11-23T05:15:00.000Z"}' },
) {
  const dir = bundle().path;
  const entry = filesOf(dir).find((f) => f.endsWith(`${SCHEDULED_REBUILD_FUNCTION}.mjs`))!;
  writeFileSync(
    join(dir, 'probe.mjs'),
    `const fn = await import('./${entry}');
     const res = await fn.default(new Request('https://site.example/.netlify/functions/${SCHEDULED_REBUILD_FUNCTION}', ${JSON.stringify(init)}), {});
     console.log(JSON.stringify({ status: res.status, body: await res.json() }));`,
  );
  // Not execFileSync: the hook server answering the function runs in this process.
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['probe.mjs'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const lines = stdout.trim().split('\n');
  return { logs: [...lines.slice(0, -1), ...stderr.trim().split('\n')].filter(Boolean), answer: JSON.parse(lines.at(-1)!), stdout, stderr };
}

describe('the bundled handler against a local build hook', () => {
  it('POSTs the hook once, with the title, and logs one line without the URL', async () => {
    const { server, port, hits } = await hookServer(200);
    try {
      const { logs, answer, stdout, stderr } = await runBundled({ REBUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/${HOOK_ID}` });
      expect(hits).toHaveLength(1);
      const url = new URL(hits[0]!.url, 'http://hook');
      expect([hits[0]!.method, url.pathname, url.searchParams.get('trigger_title')]).toEqual([
        'POST',
        `/build_hooks/${HOOK_ID}`,
        REBUILD_TITLE,
      ]);
      expect(hits[0]).toMatchObject({ contentType: 'application/json', body: '{}' });
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/^\[rebuild\] build hook answered 200 in \d+ ms: a new build is queued$/);
      expect(answer).toMatchObject({ status: 200, body: { ok: true, status: 200 } });
      expect(stdout + stderr).not.toContain(HOOK_ID);
      expect(stdout + stderr).not.toContain(String(port));
    } finally {
      await close(server);
    }
  });

  it('starts nothing for a request that is not a scheduled run (no POST of next_run)', async () => {
    const { server, port, hits } = await hookServer(200);
    try {
      for (const init of [
        { method: 'GET' },
        { method: 'POST', body: '{}' },
        { method: 'POST', body: '{"next_run":"soon"}' },
        { method: 'POST', body: 'x' },
      ]) {
        const { answer } = await runBundled({ REBUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/${HOOK_ID}` }, init);
        expect(answer, JSON.stringify(init)).toMatchObject({ status: 400, body: { ok: false } });
      }
      expect(hits).toHaveLength(0);
    } finally {
      await close(server);
    }
  });

  it('logs an error for a hook that answers non-2xx, and starts nothing', async () => {
    const { server, port, hits } = await hookServer(404);
    try {
      const { logs, answer, stdout, stderr } = await runBundled({ REBUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/${HOOK_ID}` });
      expect(hits).toHaveLength(1);
      expect(logs).toEqual([expect.stringMatching(/^\[rebuild\] build hook failed: HTTP 404 after \d+ ms; no build was started$/)]);
      expect(stderr).toContain('HTTP 404');
      expect(answer).toMatchObject({ status: 502, body: { ok: false, status: 404 } });
      expect(stdout + stderr).not.toContain(HOOK_ID);
    } finally {
      await close(server);
    }
  });

  it('says so when the hook is not set for functions', async () => {
    const { logs, answer } = await runBundled({});
    expect(logs).toEqual([expect.stringMatching(/^\[rebuild\] build hook failed: REBUILD_HOOK_URL unset for functions after \d+ ms/)]);
    expect(answer).toMatchObject({ status: 502, body: { ok: false } });
  });
});

describe('the handler’s bounds (in process)', () => {
  it('gives up on a hook that does not answer within its timeout', async () => {
    const { server, port, hits } = await hookServer(0);
    const errors: string[] = [];
    try {
      const outcome = await triggerRebuild({
        hookUrl: `http://127.0.0.1:${port}/build_hooks/${HOOK_ID}`,
        // Long enough for the hook (in this process) to take the request on a loaded machine: at
        // 300 ms, one run's client gave up before the server had read it.
        timeoutMs: 1_000,
        log: () => {},
        logError: (line) => errors.push(line),
      });
      expect(outcome).toMatchObject({ ok: false, reason: 'timeout' });
      expect(outcome.ms).toBeGreaterThanOrEqual(990);
      expect(outcome.ms).toBeLessThan(5_000);
      expect(hits).toHaveLength(1);
      expect(errors).toEqual([expect.stringMatching(/^\[rebuild\] build hook failed: timeout after \d+ ms/)]);
    } finally {
      await close(server);
    }
  });

  it('names a network error by its code only, never its message (it may quote the URL)', async () => {
    const { server, port } = await hookServer(200);
    await close(server);
    const errors: string[] = [];
    const outcome = await triggerRebuild({ hookUrl: `http://127.0.0.1:${port}/build_hooks/${HOOK_ID}`, logError: (l) => errors.push(l) });
    expect(outcome).toMatchObject({ ok: false, reason: 'ECONNREFUSED' });
    expect(errors.join('\n')).not.toContain(HOOK_ID);
    expect(errors.join('\n')).not.toContain(String(port));
  });
});
