import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { QuotaStore, QuotaTake } from './quota-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, used INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS members (key TEXT NOT NULL, member TEXT NOT NULL, PRIMARY KEY (key, member)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS counters_by_expiry ON counters (expires_at);
`;

/** Expired keys are deleted every this many uses (cheap: an index range). */
const CLEANUP_EVERY = 1000;

/**
 * Quotas in a SQLite file of their own (never the catalog snapshot, which is read-only and
 * replaced by builds), for the self-hosted server. Every use is one IMMEDIATE transaction: SQLite
 * takes the file's write lock first, so uses from any number of processes on this machine are
 * serialized and counts stay exact. WAL lets them read while one writes; a lock is waited for
 * up to `busyTimeoutMs`, after which the use fails (and the fallback store answers).
 */
export class LocalQuotaStore implements QuotaStore {
  private readonly db: Database.Database;
  private readonly takeTx: (key: string, limit: number, expiresAt: number) => QuotaTake;
  private readonly rememberTx: (key: string, member: string, limit: number, expiresAt: number) => QuotaTake;
  private readonly cleanup: { immediate: () => void };
  private uses = 0;

  constructor(file: string, options: { busyTimeoutMs?: number; now?: () => number } = {}) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, { timeout: options.busyTimeoutMs ?? 1000 });
    this.db.pragma('journal_mode = WAL');
    // Quota counts are worth less than a request's latency: no fsync per use. A power cut can
    // lose the last uses, never corrupt the file (WAL).
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA);
    const now = options.now ?? Date.now;

    const read = this.db.prepare('SELECT used, expires_at FROM counters WHERE key = ?').raw(true);
    const write = this.db.prepare('INSERT OR REPLACE INTO counters (key, used, expires_at) VALUES (?, ?, ?)');
    const hasMember = this.db.prepare('SELECT 1 FROM members WHERE key = ? AND member = ?').pluck();
    const addMember = this.db.prepare('INSERT INTO members (key, member) VALUES (?, ?)');
    const dropMembers = this.db.prepare('DELETE FROM members WHERE key = ?');
    const expired = this.db.prepare('SELECT key FROM counters WHERE expires_at <= ? LIMIT 1000').pluck();
    const dropCounter = this.db.prepare('DELETE FROM counters WHERE key = ?');

    /** The count under key now: 0 for a key that has expired (its members dropped with it). */
    const current = (key: string): number => {
      const row = read.get(key) as [number, number] | undefined;
      if (row === undefined) return 0;
      if (row[1] > now()) return row[0];
      dropMembers.run(key);
      return 0;
    };
    const take = this.db.transaction((key: string, limit: number, expiresAt: number): QuotaTake => {
      const used = current(key);
      if (used >= limit) return { allowed: false, used };
      write.run(key, used + 1, expiresAt);
      return { allowed: true, used: used + 1 };
    });
    const remember = this.db.transaction((key: string, member: string, limit: number, expiresAt: number): QuotaTake => {
      const used = current(key);
      if (used > 0 && hasMember.get(key, member)) return { allowed: true, used };
      if (used >= limit) return { allowed: false, used };
      addMember.run(key, member);
      write.run(key, used + 1, expiresAt);
      return { allowed: true, used: used + 1 };
    });
    this.takeTx = (...args) => take.immediate(...args);
    this.rememberTx = (...args) => remember.immediate(...args);
    this.cleanup = this.db.transaction(() => {
      for (const key of expired.all(now()) as string[]) {
        dropCounter.run(key);
        dropMembers.run(key);
      }
    });
  }

  async take(key: string, limit: number, expiresAt: number): Promise<QuotaTake> {
    this.tidy();
    return this.takeTx(key, limit, expiresAt);
  }

  async remember(key: string, member: string, limit: number, expiresAt: number): Promise<QuotaTake> {
    this.tidy();
    return this.rememberTx(key, member, limit, expiresAt);
  }

  close(): void {
    this.db.close();
  }

  private tidy(): void {
    if (++this.uses % CLEANUP_EVERY === 0) this.cleanup.immediate();
  }
}
