/**
 * Where quota counts live: one interface, a store per deployment (Netlify Blobs, a local SQLite
 * file, Redis, process memory; docs/architecture.md, "Quota stores"). A store that answers at once
 * (memory, the SQLite file) returns plain values: a promise per use would weigh on every stats
 * request (docs/benchmarks.md, "Stats throughput figures"). Keys name a client, a quota and a
 * window, so an entry is never reset: a new window is a new key, and expired keys are only cleanup.
 */
export interface QuotaStore {
  /**
   * Counts one use against `limit` under `key`, atomically: admitted only while the count stays
   * within the limit (a refused use is not counted). `expiresAt` (ms) is when the key may go.
   */
  take(key: string, limit: number, expiresAt: number): QuotaTake | Promise<QuotaTake>;
  /**
   * Adds `member` (a product id) to the set under `key`, atomically: a member already in it is
   * admitted without counting; a new one only while the set holds fewer than `limit` members.
   * A number, not a string: a set of small integers costs the garbage collector nothing to trace.
   */
  remember(key: string, member: number, limit: number, expiresAt: number): QuotaTake | Promise<QuotaTake>;
  /**
   * A secret every instance sharing the store agrees on, made at random by the first to ask and
   * kept in the store, never replaced: `salt`, the client keys' (when RATE_LIMIT_SALT gives none);
   * `cursor_secret`, the search cursors' (when CURSOR_SECRET gives none).
   */
  secret(name: StoreSecret): Promise<string>;
  /** Reaches the store with one cheap read (readiness checks): rejects when it cannot. */
  ping(): Promise<void>;
  /** Gives back what this process holds (leases) and closes the store; called once, at shutdown. */
  close?(): void;
}

/** The secrets a quota store keeps (QuotaStore.secret), each under its own name. */
export type StoreSecret = 'salt' | 'cursor_secret';

/** A fresh random secret: 256 bits, base64url. */
export function randomSalt(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export interface QuotaTake {
  allowed: boolean;
  /** The count (or set size) after this use: at most the limit. */
  used: number;
}
