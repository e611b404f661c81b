import { type CommandParser, createClient, defineScript, type RedisArgument } from '@redis/client';
import { type QuotaStore, type QuotaTake, randomSalt, type StoreSecret } from './quota-store.ts';

/**
 * One use of a fixed-window count, run by Redis as one script (nothing else runs between its
 * check and its increment): a refused use is not counted, so the count never passes the limit.
 * The key expires with its window (PEXPIREAT, set when the key is made).
 * KEYS[1]: the count; ARGV: the limit, the window's end (Unix ms). Returns {admitted 0/1, count}.
 */
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if used >= limit then return {0, math.min(used, limit)} end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
return {1, used}
`;

/**
 * One member of a set of distinct members (product ids), as one script: a known member is admitted
 * without counting; a new one is added only while the set holds fewer than the limit.
 * KEYS[1]: the set; ARGV: the member, the limit, the window's end. Returns {admitted 0/1, size}.
 */
const REMEMBER = `
local size = redis.call('SCARD', KEYS[1])
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return {1, size} end
if size >= tonumber(ARGV[2]) then return {0, size} end
redis.call('SADD', KEYS[1], ARGV[1])
if size == 0 then redis.call('PEXPIREAT', KEYS[1], ARGV[3]) end
return {1, size + 1}
`;

/** Both scripts answer {admitted 0/1, count}. */
const toTake = ([allowed, used]: [number, number]): QuotaTake => ({ allowed: allowed === 1, used });

/** node-redis sends each by EVALSHA and, when the server does not have it yet (NOSCRIPT), by EVAL. */
const SCRIPTS = {
  quotaTake: defineScript({
    SCRIPT: TAKE,
    NUMBER_OF_KEYS: 1,
    parseCommand(parser: CommandParser, key: RedisArgument, limit: number, expiresAt: number) {
      parser.pushKey(key);
      parser.push(String(limit), String(expiresAt));
    },
    transformReply: toTake,
  }),
  quotaRemember: defineScript({
    SCRIPT: REMEMBER,
    NUMBER_OF_KEYS: 1,
    parseCommand(parser: CommandParser, key: RedisArgument, member: number, limit: number, expiresAt: number) {
      parser.pushKey(key);
      parser.push(String(member), String(limit), String(expiresAt));
    },
    transformReply: toTake,
  }),
};

/** Commands waiting for Redis at most: past that a use fails at once (memory counts it). */
const MAX_QUEUED = 10_000;
/** A new connection waits this long for TCP (and TLS) before the next attempt. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnection delays: exponential from 50 ms to 2 s, with jitter so instances do not retry in step. */
const reconnectDelay = (retries: number) => Math.min(50 * 2 ** retries, 2_000) + Math.floor(Math.random() * 200);
/** Connection trouble is logged at most this often (the fallback logs its own). */
const LOG_EVERY_MS = 60_000;

function open(url: string) {
  return createClient({
    url,
    // RESP2: every Redis and Valkey speaks it (RESP3 needs 6.0), and the scripts' replies are the same.
    RESP: 2,
    maintNotifications: 'disabled',
    scripts: SCRIPTS,
    // Disconnected, a command fails at once instead of waiting for a reconnection that may never come.
    disableOfflineQueue: true,
    commandsQueueMaxLength: MAX_QUEUED,
    // Commands leave the client's queue as soon as they are written; the stall check below is the bound.
    commandOptions: { timeout: 0 },
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
  });
}

type Client = ReturnType<typeof open>;

export interface RedisQuotaStoreOptions {
  /** Before every key ("catalog:quota:"), so that one Redis can serve several sites. */
  prefix?: string;
  /** Told of connection trouble, at most once a minute; never given the URL. */
  log?: (message: string) => void;
  /** No answer for this long while uses wait (or a handshake hangs): the connection is dropped and opened anew. */
  stallMs?: number;
}

/**
 * Quotas in Redis or Valkey, for self-hosted instances behind a load balancer: every instance
 * counts in the same keys ("<prefix><key>", expiring with their window), one script per use (TAKE,
 * REMEMBER), so a client's quota holds across them, exactly; the secrets are "<prefix>salt" and
 * "<prefix>cursor_secret" (SET NX).
 * It fails fast rather than wait, and the FallbackQuotaStore around it counts meanwhile:
 * disconnected, commands are rejected at once; connected to a Redis that does not answer, a
 * connection whose uses have waited `stallMs` with no reply is dropped and reopened
 * (docs/architecture.md, "Quota stores").
 */
export class RedisQuotaStore implements QuotaStore {
  private readonly url: string;
  private readonly prefix: string;
  private readonly log: (message: string) => void;
  private readonly stallMs: number;
  private readonly stallCheck: NodeJS.Timeout;
  private client: Client | null;
  /** Uses sent and not yet settled, and when the last one settled (or the first was sent). */
  private waiting = 0;
  private lastProgress = performance.now();
  /** When the current connection reached TCP without being ready yet (the handshake). */
  private handshakeSince: number | null = null;
  private lastLog = -Infinity;
  private troubled = false;
  /** Resolved once a connection has first been ready. */
  private readonly firstReady: Promise<void>;
  private markReady!: () => void;

  /** Starts connecting at once, in the background: uses before it is ready fail fast. */
  constructor(url: string, options: RedisQuotaStoreOptions = {}) {
    this.url = url;
    this.prefix = options.prefix ?? 'catalog:quota:';
    this.log = options.log ?? (() => {});
    this.stallMs = options.stallMs ?? 1_000;
    this.firstReady = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.client = this.connect();
    this.stallCheck = setInterval(() => this.checkStall(), Math.min(Math.max(10, this.stallMs / 4), 1_000));
    this.stallCheck.unref();
  }

  take(key: string, limit: number, expiresAt: number): Promise<QuotaTake> {
    return this.send((client) => client.quotaTake(this.prefix + key, limit, Math.ceil(expiresAt)));
  }

  remember(key: string, member: number, limit: number, expiresAt: number): Promise<QuotaTake> {
    return this.send((client) => client.quotaRemember(this.prefix + key, member, limit, Math.ceil(expiresAt)));
  }

  /**
   * The first instance to ask writes a random secret (SET NX); every one then reads the same.
   * Asked at the first request, maybe before the connection is up: it waits for the first
   * connection (the fallback's timeout bounds the wait) rather than fail at once, as a secret read
   * from the fallback is this instance's own.
   */
  async secret(name: StoreSecret): Promise<string> {
    const key = `${this.prefix}${name}`;
    await this.firstReady;
    return this.send(async (client) => {
      await client.set(key, randomSalt(), { condition: 'NX' });
      const secret = await client.get(key);
      if (secret === null) throw new Error(`the ${name} key was removed while being read`);
      return secret;
    });
  }

  async ping(): Promise<void> {
    await this.send((client) => client.ping());
  }

  /** Lets answers in flight arrive (a second at most), then closes the connection. */
  close(): void {
    const client = this.client;
    this.client = null;
    clearInterval(this.stallCheck);
    if (client === null) return;
    if (!client.isReady) {
      client.destroy();
      return;
    }
    const force = setTimeout(() => client.destroy(), 1_000);
    force.unref();
    client.close().then(
      () => clearTimeout(force),
      () => client.destroy(),
    );
  }

  /** Sends on the current connection, counting what waits for the stall check. */
  private async send<T>(command: (client: Client) => Promise<T>): Promise<T> {
    const client = this.client;
    if (client === null) throw new Error('the Redis quota store is closed');
    if (this.waiting++ === 0) this.lastProgress = performance.now();
    try {
      return await command(client);
    } finally {
      this.waiting -= 1;
      this.lastProgress = performance.now();
    }
  }

  private connect(): Client {
    const client = open(this.url);
    const current = () => client === this.client;
    client.on('error', (error: unknown) => {
      if (current()) this.handshakeSince = null;
      this.trouble(`Redis quota store: ${this.redact(error)}; reconnecting in the background`);
    });
    client.on('connect', () => {
      if (current()) this.handshakeSince = performance.now();
    });
    client.on('ready', () => {
      if (!current()) return;
      this.handshakeSince = null;
      this.markReady();
      if (this.troubled) {
        this.troubled = false;
        this.log('Redis quota store: connected again; counting in Redis');
      }
    });
    // Resolves once ready, retrying meanwhile (reconnectDelay never gives up); rejects only once
    // the client is closed or replaced. Failures are told through 'error'.
    client.connect().catch(() => {});
    return client;
  }

  /** Drops a connection that does not answer, and opens another. */
  private checkStall(): void {
    const client = this.client;
    if (client === null) return;
    const now = performance.now();
    const usesStalled = this.waiting > 0 && now - this.lastProgress > this.stallMs;
    const handshakeStalled = this.handshakeSince !== null && now - this.handshakeSince > this.stallMs;
    if (!usesStalled && !handshakeStalled) return;
    this.trouble(`Redis quota store: no answer within ${this.stallMs} ms; opening a new connection`);
    this.handshakeSince = null;
    this.lastProgress = now;
    this.client = this.connect();
    client.destroy();
  }

  private trouble(message: string): void {
    this.troubled = true;
    const now = Date.now();
    if (now - this.lastLog < LOG_EVERY_MS) return;
    this.lastLog = now;
    this.log(message);
  }

  /** An error's message without the URL or its password, should a message ever quote them. */
  private redact(error: unknown): string {
    let message = error instanceof Error ? error.message || error.name : String(error);
    const { password } = new URL(this.url);
    for (const secret of [this.url, password, password && decodeURIComponent(password)]) {
      if (secret) message = message.replaceAll(secret, '…');
    }
    return message;
  }
}
