import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { type QuotaStore, type QuotaTake, randomSalt, type StoreSecret } from './quota-store.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, used INTEGER NOT NULL, expires_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS counters_by_expiry ON counters (expires_at);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** Expired keys are deleted every this many file transactions (cheap: an index range and two maps). */
const CLEANUP_EVERY = 1000;

/** A process's share of one key's quota: units granted by the file, not yet handed out. */
interface Lease {
  left: number;
  /** The file's count once this lease was granted. */
  granted: number;
  expiresAt: number;
}

/**
 * Quotas in a SQLite file of their own (never the catalog snapshot), for the self-hosted server,
 * safe with any number of processes on the machine. A transaction per use would cost as much as
 * the rest of a stats answer (docs/benchmarks.md, "Stats throughput figures"), so each process
 * leases units: one IMMEDIATE transaction grants an eighth of what is left of a key's quota (at
 * least one), and the process hands them out from memory. Exact within a process, never above the
 * limit across processes; every error is on the strict side (docs/architecture.md, "Quota stores").
 */
export class LocalQuotaStore implements QuotaStore {
  private readonly db: Database.Database;
  private readonly grant: { immediate: (key: string, limit: number, expiresAt: number) => { granted: number; used: number } };
  private readonly cleanup: { immediate: () => void };
  private readonly release: { immediate: (key: string, units: number) => void };
  private readonly leases = new BoundedCache<string, Lease>(100_000);
  private readonly members = new BoundedCache<string, { set: Set<number>; expiresAt: number }>(100_000);
  private readonly now: () => number;
  private readonly file: string;
  private readonly opened: { ino: number; dev: number };
  private readonly probe: Database.Statement;
  private transactions = 0;

  constructor(file: string, options: { busyTimeoutMs?: number; now?: () => number } = {}) {
    mkdirSync(dirname(file), { recursive: true });
    this.file = file;
    this.db = new Database(file, { timeout: options.busyTimeoutMs ?? 200 });
    this.opened = statSync(file);
    this.db.pragma('journal_mode = WAL');
    // Quota counts are worth less than a request's latency: no fsync per grant. A power cut can
    // lose the last grants, never corrupt the file (WAL).
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA);
    this.probe = this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('probe', ?)");
    this.now = options.now ?? Date.now;
    const now = this.now;

    const read = this.db.prepare('SELECT used, expires_at FROM counters WHERE key = ?').raw(true);
    const write = this.db.prepare('INSERT OR REPLACE INTO counters (key, used, expires_at) VALUES (?, ?, ?)');
    const dropExpired = this.db.prepare('DELETE FROM counters WHERE expires_at <= ?');
    this.grant = this.db.transaction((key: string, limit: number, expiresAt: number) => {
      const row = read.get(key) as [number, number] | undefined;
      const used = row !== undefined && row[1] > now() ? row[0] : 0;
      const granted = Math.min(limit - used, Math.max(1, Math.floor((limit - used) / 8)));
      if (granted <= 0) return { granted: 0, used };
      write.run(key, used + granted, expiresAt);
      return { granted, used: used + granted };
    });
    this.cleanup = this.db.transaction(() => {
      dropExpired.run(now());
    });
    const giveBack = this.db.prepare('UPDATE counters SET used = max(0, used - ?) WHERE key = ? AND expires_at > ?');
    this.release = this.db.transaction((key: string, units: number) => {
      giveBack.run(units, key, now());
    });
  }

  /** Synchronous, so that no other use of the key runs between a check and its count. */
  take(key: string, limit: number, expiresAt: number): QuotaTake {
    return this.use(key, limit, expiresAt, this.now());
  }

  remember(key: string, member: number, limit: number, expiresAt: number): QuotaTake {
    const at = this.now();
    let known = this.members.get(key);
    if (known === undefined || known.expiresAt <= at) {
      known = { set: new Set(), expiresAt };
      this.members.set(key, known);
    }
    if (known.set.has(member)) {
      const lease = this.leases.get(key);
      return { allowed: true, used: lease ? lease.granted - lease.left : known.set.size };
    }
    const taken = this.use(key, limit, expiresAt, at);
    if (taken.allowed) known.set.add(member);
    return taken;
  }

  /** One unit from this process's lease of the key, leasing more from the file when it runs out. */
  private use(key: string, limit: number, expiresAt: number, at: number): QuotaTake {
    let lease = this.leases.get(key);
    if (lease === undefined || lease.left === 0 || lease.expiresAt <= at) {
      if (++this.transactions % CLEANUP_EVERY === 0) this.dropExpired(at);
      const { granted, used } = this.grant.immediate(key, limit, expiresAt);
      if (granted === 0) return { allowed: false, used };
      lease = { left: granted, granted: used, expiresAt };
      this.leases.set(key, lease);
    }
    lease.left -= 1;
    return { allowed: true, used: lease.granted - lease.left };
  }

  /**
   * Expired rows leave the file, and this process's leases and member sets of ended windows leave
   * its memory: bounded anyway, they would otherwise stay until a hundred thousand newer keys came.
   */
  private dropExpired(at: number): void {
    this.cleanup.immediate();
    this.leases.deleteWhere((lease) => lease.expiresAt <= at);
    this.members.deleteWhere((known) => known.expiresAt <= at);
  }

  /** Kept in the file's meta table under its name: the first process to ask writes it, every later one reads the same. */
  async secret(name: StoreSecret): Promise<string> {
    this.db.prepare('INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)').run(name, randomSalt());
    return this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(name) as string;
  }

  /**
   * Whether the store can count: the file at its path is still the one open (a folder removed or
   * replaced would leave this process counting in a file no other process sees) and takes a write
   * (a read-only or full file system refuses it).
   */
  async ping(): Promise<void> {
    const atPath = statSync(this.file, { throwIfNoEntry: false });
    if (atPath === undefined || atPath.ino !== this.opened.ino || atPath.dev !== this.opened.dev)
      throw new Error('the quota file was removed or replaced: other processes count elsewhere');
    this.probe.run(String(this.now()));
  }

  /** Gives the units of this process's live leases back to the file, then closes it. */
  close(): void {
    for (const [key, lease] of this.leases.entries()) {
      if (lease.left > 0 && lease.expiresAt > this.now()) this.release.immediate(key, lease.left);
    }
    this.db.close();
  }
}
