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
   * The secret the client keys are hashed with, when RATE_LIMIT_SALT does not give one: made at
   * random on first use and kept in the store, so every instance sharing the store agrees.
   */
  salt(): Promise<string>;
  /** Reaches the store with one cheap read (readiness checks): rejects when it cannot. */
  ping(): Promise<void>;
  /** Gives back what this process holds (leases) and closes the store; called once, at shutdown. */
  close?(): void;
}

/** A fresh random salt: 256 bits, base64url. */
export function randomSalt(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

export interface QuotaTake {
  allowed: boolean;
  /** The count (or set size) after this use: at most the limit. */
  used: number;
}
