import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { QuotaStore } from '../../src/quota/quota-store.ts';

/*
 * A real redis-server for the Redis quota store's suites (Debian's redis-server package; CI
 * installs it with apt-get): never a mock, since what is under test is what Redis does.
 */

export const REDIS_MISSING = 'redis-server not found: the Redis quota store tests did not run (apt-get install redis-server)';

/** redis-server on PATH, or undefined. */
export function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const path = join(dir, 'redis-server');
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  return undefined;
}

/** Said once per test file, however many blocks it skips. */
let told = false;

const inCi = () => !!process.env.CI && !['false', '0'].includes(process.env.CI.toLowerCase());

/** A port free now: listened on by the system's choice and closed (redis-server has no "--port 0"). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Whether something answers PING on the port with +PONG. */
async function answersPing(port: number): Promise<boolean> {
  const socket = createConnection({ port, host: '127.0.0.1' });
  socket.setTimeout(1_000, () => socket.destroy(new Error('no answer')));
  try {
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [data] = (await once(socket, 'data')) as [Buffer];
    return data.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

export interface RunningRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM, no save); its data goes with it. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

/** Starts redis-server on a free port, in memory only, and resolves once it answers PING. */
export async function startRedis(executable = findRedisServer()): Promise<RunningRedis> {
  if (!executable) throw new Error(REDIS_MISSING);
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    output = '';
    const started = spawn(executable, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    // Not left running by a process that exits normally without stopping it.
    const orphaned = () => started.kill('SIGKILL');
    process.once('exit', orphaned);
    started.once('exit', () => process.off('exit', orphaned));
    started.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null || running.signalCode !== null) return;
    running.kill('SIGTERM');
    await once(running, 'exit');
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}

/**
 * A describe block with a redis-server of its own (started before, stopped after). Without
 * redis-server it registers one skipped test that says so and prints the same line to stderr; in
 * CI (CI=true) a missing redis-server fails instead, since CI installs it.
 */
export function describeRedis(name: string, fn: (redis: () => RunningRedis) => void) {
  const executable = findRedisServer();
  if (!executable) {
    if (inCi()) {
      describe(name, () => {
        it('finds redis-server (CI installs it)', () => {
          throw new Error(REDIS_MISSING);
        });
      });
      return;
    }
    if (!told) process.stderr.write(`${REDIS_MISSING}\n`);
    told = true;
    describe(name, () => {
      it.skip(REDIS_MISSING, () => {});
    });
    return;
  }
  describe(name, () => {
    let redis: RunningRedis | undefined;
    beforeAll(async () => {
      redis = await startRedis(executable);
    });
    afterAll(async () => {
      await redis?.stop();
    });
    fn(() => {
      if (!redis) throw new Error('redis-server did not start');
      return redis;
    });
  });
}

/**
 * The store once it reaches Redis: a Redis store connects in the background and, until then,
 * fails every use at once (its fallback's to count), which a test of Redis itself must not meet.
 */
export async function connected<T extends QuotaStore>(store: T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await store.ping();
      return store;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
