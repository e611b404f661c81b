import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { documentSettings } from '../../src/documents/document-settings.ts';

/*
 * The self-hosted server run as an operator runs it (`scripts/serve.ts` in a child process), each
 * on a private copy of the built site and of the sample snapshot, so a rebuild may rewrite its
 * documents: what tests/targets/self-hosted/operations.test.ts and rebuilds.test.ts start.
 */
export const repo = process.cwd();

export const BASE_ENV = { HOST: '127.0.0.1', PORT: '0', SITE_URL: 'http://127.0.0.1:4321', LOG_LEVEL: 'info', RATE_LIMITS: 'off' };

/** A temporary folder for one test file's sites and exports, removed after it. */
export function useSitesDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error('useSitesDir: asked for before the file started');
    return dir;
  };
}

/** A copy of the built site whose build-info states `env`'s settings, and a snapshot of its own. */
export function privateSite(dir: string, name: string, env: Record<string, string>): { cwd: string; snapshot: string } {
  const cwd = join(dir, name);
  cpSync(join(repo, 'dist'), join(cwd, 'dist'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(cwd, 'node_modules'), 'dir');
  const documents = documentSettings(loadConfig({ ...BASE_ENV, ...env }));
  writeFileSync(join(cwd, 'dist', 'build-info.json'), JSON.stringify({ documents, builtAt: new Date().toISOString() }));
  const snapshot = join(cwd, 'catalog.sqlite');
  copyFileSync(inject('sampleSnapshot'), snapshot);
  return { cwd, snapshot };
}

export interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  lines: () => Record<string, unknown>[];
}

/** A port nothing listens on now (a server that logs no "listening on" line is found there). */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

export async function serve(cwd: string, env: Record<string, string>): Promise<Served> {
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

export const stop = async (served: Served) => {
  if (served.child.exitCode === null) {
    served.child.kill('SIGTERM');
    await once(served.child, 'exit');
  }
};
