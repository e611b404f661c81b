import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';
import type { QuotaStore } from '../../src/quota/quota-store.ts';
import { describeWithProgram, findOnPath } from './system-program.ts';

/*
 * A real redis-server for the Redis quota store's suites (Debian's redis-server package; CI
 * installs it with apt-get): never a mock, since what is under test is what Redis does.
 */

export const REDIS_MISSING = 'redis-server not found: the Redis quota store tests did not run (apt-get install redis-server)';

/** redis-server on PATH, or undefined. */
export function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findOnPath(['redis-server'], env);
}

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

/** A describe block with a redis-server of its own (started before, stopped after): see describeWithProgram. */
export function describeRedis(name: string, fn: (redis: () => RunningRedis) => void) {
  describeWithProgram(
    name,
    {
      executable: findRedisServer(),
      missing: REDIS_MISSING,
      ciTest: 'finds redis-server (CI installs it)',
      start: startRedis,
      stop: (redis) => redis.stop(),
    },
    fn,
  );
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
