import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, describeRedis, type RunningRedis } from '../../tests/support/redis-server.ts';
import { loadConfig, DEFAULT_REDIS_TIMEOUT_MS as REDIS_TIMEOUT_MS } from '../config/config.ts';
import { FallbackQuotaStore } from './fallback-quota-store.ts';
import type { QuotaTake } from './quota-store.ts';
import { RedisQuotaStore } from './redis-quota-store.ts';

/*
 * The Redis quota store beyond the semantics every store shares (quota-store.test.ts): real-clock
 * expiry, several processes, and bounded latency when Redis is down or hangs. Always a real
 * redis-server.
 */

const fresh = () => Math.random().toString(36).slice(2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a use may take beyond the fallback's timeout on a loaded test machine. */
const SLACK_MS = 150;

/** Polls `check` until it holds (or fails the test after `timeoutMs`). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

const plainClient = (url: string) => createClient({ url, RESP: 2 });

/** Looks at what the stores left in Redis, through a plain client of its own. */
async function lookIn<T>(url: string, look: (client: ReturnType<typeof plainClient>) => Promise<T>): Promise<T> {
  const client = plainClient(url);
  await client.connect();
  try {
    return await look(client);
  } finally {
    client.destroy();
  }
}

/** Uses at once, each timed. */
async function timedTakes(store: FallbackQuotaStore, key: string, count: number, limit: number) {
  const expiresAt = Date.now() + 60_000;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const started = performance.now();
      const taken = (await store.take(key, limit, expiresAt)) as QuotaTake;
      return { ...taken, ms: performance.now() - started };
    }),
  );
}

describe('RATE_LIMIT_REDIS_URL', () => {
  it('takes redis:// and rediss:// URLs with a host, credentials, a port and a database number', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://user:p%40ss@cache.example:6380/2', 'redis://[::1]/0', 'redis://cache']) {
      expect(loadConfig({ RATE_LIMIT_REDIS_URL: url }).rateLimits.redisUrl).toBe(url);
    }
    expect(loadConfig({}).rateLimits.redisUrl).toBeNull();
    expect(loadConfig({ RATE_LIMIT_REDIS_URL: '' }).rateLimits.redisUrl).toBeNull();
  });

  it('refuses anything else, naming the variable and never the value (it may carry a password)', () => {
    for (const url of [
      'http://:hunter2@cache:6379',
      'redis://:hunter2@',
      'redis://:hunter2@cache/db',
      'redis://:hunter2@cache?x=1',
      'hunter2',
    ]) {
      expect(() => loadConfig({ RATE_LIMIT_REDIS_URL: url })).toThrow(/RATE_LIMIT_REDIS_URL: must be redis:\/\//);
      try {
        loadConfig({ RATE_LIMIT_REDIS_URL: url });
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter2');
      }
    }
  });
});

describeRedis('quota store: Redis (real redis-server), beyond the shared semantics', (redis) => {
  const opened: RedisQuotaStore[] = [];
  const open = (url = redis().url, options: ConstructorParameters<typeof RedisQuotaStore>[1] = {}) => {
    const store = new RedisQuotaStore(url, { prefix: `test-${fresh()}:`, ...options });
    opened.push(store);
    return store;
  };
  const inspect = <T>(look: (client: ReturnType<typeof plainClient>) => Promise<T>) => lookIn(redis().url, look);
  afterAll(() => {
    for (const store of opened) store.close();
  });

  const WINDOW_MS = 1500;
  it("expires a count and a set with their window, on Redis' clock (PEXPIREAT)", async () => {
    const store = await connected(open(redis().url, { prefix: 'expiry:' }));
    // Long enough for the four uses and the look below on a loaded machine (400 ms expired first under parallel suites).
    const expiresAt = Date.now() + WINDOW_MS;
    expect(await store.take('rest:e:1', 1, expiresAt)).toEqual({ allowed: true, used: 1 });
    expect(await store.take('rest:e:1', 1, expiresAt)).toEqual({ allowed: false, used: 1 });
    expect(await store.remember('ids:e:1', 7, 1, expiresAt)).toEqual({ allowed: true, used: 1 });
    expect(await store.remember('ids:e:1', 8, 1, expiresAt)).toEqual({ allowed: false, used: 1 });
    const ttls = await inspect((client) => Promise.all([client.pTTL('expiry:rest:e:1'), client.pTTL('expiry:ids:e:1')]));
    for (const ttl of ttls) expect(ttl).toBeGreaterThan(0);
    for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
    await sleep(expiresAt - Date.now() + 50);
    expect(await inspect((client) => client.exists(['expiry:rest:e:1', 'expiry:ids:e:1']))).toBe(0);
    expect(await store.take('rest:e:1', 1, Date.now() + 400)).toEqual({ allowed: true, used: 1 });
    expect(await store.remember('ids:e:1', 8, 1, Date.now() + 400)).toEqual({ allowed: true, used: 1 });
  });

  it('keeps each store under its prefix: two sites on one Redis count apart, and share nothing but the server', async () => {
    const [a, b] = await Promise.all([
      connected(open(redis().url, { prefix: 'site-a:' })),
      connected(open(redis().url, { prefix: 'site-b:' })),
    ]);
    const expiresAt = Date.now() + 60_000;
    expect(await a.take('rest:p:1', 1, expiresAt)).toEqual({ allowed: true, used: 1 });
    expect(await b.take('rest:p:1', 1, expiresAt)).toEqual({ allowed: true, used: 1 });
    expect(await a.secret('salt')).not.toBe(await b.secret('salt'));
    expect((await inspect((client) => client.keys('site-a:*'))).sort()).toEqual(['site-a:rest:p:1', 'site-a:salt']);
  });

  it('agrees on one salt across instances (the first SET NX wins)', async () => {
    const prefix = `salt-${fresh()}:`;
    const stores = Array.from({ length: 4 }, () => open(redis().url, { prefix }));
    const salts = await Promise.all(stores.map((store) => store.secret('salt')));
    expect(new Set(salts).size).toBe(1);
    expect(await inspect((client) => client.get(`${prefix}salt`))).toBe(salts[0]);
  });

  it('admits exactly the limit when 4 processes take 50 uses each at once (200 concurrent uses of one key)', async () => {
    const run = promisify(execFile);
    const key = `rest:77:${fresh()}:1`;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ['tests/support/quota-worker.ts', redis().url, key, '77', '50'])),
    );
    const admitted = outputs.map(({ stdout }) => Number(stdout));
    expect(admitted.reduce((sum, n) => sum + n, 0)).toBe(77);
    expect(await inspect((client) => client.get(`catalog:quota:${key}`))).toBe('77');
  });
});

describeRedis('quota store: Redis down, then back', (redis) => {
  it('answers every use at once from memory while Redis is down, logs it without the password, and counts in Redis again once it is back', async () => {
    const logs: string[] = [];
    const log = (message: string) => logs.push(message);
    const { port } = redis();
    // A password the server does not ask for: Redis 7 accepts AUTH default <anything> then.
    const url = `redis://default:hunter2-secret@127.0.0.1:${port}`;
    const prefix = `down-${fresh()}:`;
    const store = new FallbackQuotaStore(await connected(new RedisQuotaStore(url, { prefix, log })), { timeoutMs: REDIS_TIMEOUT_MS, log });
    try {
      expect(await store.take('rest:d:1', 3, Date.now() + 60_000)).toEqual({ allowed: true, used: 1 });

      await redis().stop();
      const down = await timedTakes(store, 'rest:d:1', 50, 3);
      // Counted in this instance's memory, from zero: the quota holds per instance meanwhile.
      expect(down.filter((r) => r.allowed)).toHaveLength(3);
      // At once, not after the timeout: nothing waits for a Redis that is known to be down.
      expect(Math.max(...down.map((r) => r.ms))).toBeLessThan(REDIS_TIMEOUT_MS);
      // A store made while Redis is down starts all the same, and connects once Redis is up.
      const lateLogs: string[] = [];
      const lateLog = (message: string) => lateLogs.push(message);
      const late = new FallbackQuotaStore(new RedisQuotaStore(url, { prefix, log: lateLog }), {
        timeoutMs: REDIS_TIMEOUT_MS,
        log: lateLog,
      });
      expect(await late.take('rest:late:1', 5, Date.now() + 60_000)).toEqual({ allowed: true, used: 1 });

      await redis().start();
      const inRedis = (key: string) => lookIn(redis().url, (client) => client.get(prefix + key));
      // The restarted Redis is empty: the first use it counts makes the key.
      await eventually(
        async () => (await store.take('rest:back:1', 1000, Date.now() + 60_000)).used > 0 && (await inRedis('rest:back:1')) !== null,
      );
      await eventually(
        async () => (await late.take('rest:back:2', 1000, Date.now() + 60_000)).used > 0 && (await inRedis('rest:back:2')) !== null,
      );
      late.close();

      for (const message of [...logs, ...lateLogs]) expect(message).not.toContain('hunter2');
      expect(lateLogs).toContain('Redis quota store: connected again; counting in Redis');
      expect(logs.some((m) => m.startsWith('quota store unavailable'))).toBe(true);
      expect(logs).toContain('Redis quota store: connected again; counting in Redis');
      // At most once a minute each: the store's trouble (and its recovery), the fallback's notice.
      expect(logs.filter((m) => m.startsWith('Redis quota store:') && !m.includes('connected again')).length).toBeLessThanOrEqual(2);
      expect(logs.filter((m) => m.startsWith('quota store unavailable')).length).toBe(1);
    } finally {
      store.close();
    }
  });
});

/**
 * A TCP proxy to Redis that can hang: every connection open when `hang()` is called, and every
 * one accepted while hanging, takes what it is sent and never answers, as a Redis stuck or cut
 * off by the network would. After `resume()`, new connections reach Redis again; hung ones stay
 * hung, as TCP leaves them.
 */
function hangingProxy(target: () => RunningRedis) {
  let hanging = false;
  const live = new Set<{ client: Socket; hung: boolean }>();
  const server: Server = createServer((client) => {
    const connection = { client, hung: hanging };
    live.add(connection);
    const upstream = createConnection({ port: target().port, host: '127.0.0.1' });
    const drop = () => {
      live.delete(connection);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (data) => connection.hung || upstream.write(data));
    upstream.on('data', (data) => connection.hung || client.write(data));
    for (const socket of [client, upstream]) socket.on('error', drop).on('close', drop);
  });
  return {
    server,
    async listen(): Promise<number> {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return (server.address() as { port: number }).port;
    },
    hang() {
      hanging = true;
      for (const connection of live) connection.hung = true;
    },
    resume() {
      hanging = false;
    },
    close() {
      for (const { client } of live) client.destroy();
      server.close();
    },
  };
}

describeRedis('quota store: Redis that hangs', (redis) => {
  const proxy = hangingProxy(redis);
  let port: number;
  beforeAll(async () => {
    port = await proxy.listen();
  });
  afterAll(() => proxy.close());

  it("answers within the fallback's timeout while Redis does not answer, drops the hung connection, and counts in Redis again", async () => {
    const logs: string[] = [];
    const log = (message: string) => logs.push(message);
    const prefix = `hang-${fresh()}:`;
    const redisStore = await connected(new RedisQuotaStore(`redis://127.0.0.1:${port}`, { prefix, log }));
    const store = new FallbackQuotaStore(redisStore, { timeoutMs: REDIS_TIMEOUT_MS, log });
    try {
      expect(await store.take('rest:h:1', 3, Date.now() + 60_000)).toEqual({ allowed: true, used: 1 });

      proxy.hang();
      // Uses wait the timeout, then count in memory (from zero).
      const hung = await timedTakes(store, 'rest:h:1', 20, 3);
      expect(hung.filter((r) => r.allowed)).toHaveLength(3);
      expect(Math.min(...hung.map((r) => r.ms))).toBeGreaterThanOrEqual(REDIS_TIMEOUT_MS - 5);
      expect(Math.max(...hung.map((r) => r.ms))).toBeLessThan(REDIS_TIMEOUT_MS + SLACK_MS);
      // Still hanging past the stall bound: the connection is dropped, and the new one's handshake
      // hangs too; uses keep answering within the timeout meanwhile.
      await sleep(1_500);
      const still = await timedTakes(store, 'rest:h:2', 5, 3);
      expect(Math.max(...still.map((r) => r.ms))).toBeLessThan(REDIS_TIMEOUT_MS + SLACK_MS);
      expect(logs.some((m) => m.startsWith('Redis quota store: no answer within 1000 ms'))).toBe(true);

      proxy.resume();
      const counted = () => lookIn(redis().url, (client) => client.get(`${prefix}rest:h:3`));
      await eventually(async () => (await store.take('rest:h:3', 1000, Date.now() + 60_000)).used > 0 && (await counted()) !== null);
    } finally {
      store.close();
    }
  });
});
