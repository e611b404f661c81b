import { type QuotaStore, type QuotaTake, randomSalt, type StoreSecret } from './quota-store.ts';

/**
 * Quotas in this process's memory: exact within the process, nothing shared. The fallback when
 * the shared store fails (see fallback-quota-store.ts), and the store of single-process tests.
 * At most `maxKeys` keys: expired ones go first, then the oldest (a flood of new clients cannot
 * exhaust memory; it can only forget old counts early).
 */
export class MemoryQuotaStore implements QuotaStore {
  private readonly counts = new Map<string, { used: number; members: Set<number> | null; expiresAt: number }>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly secrets = new Map<StoreSecret, string>();

  constructor(options: { maxKeys?: number; now?: () => number } = {}) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  take(key: string, limit: number, expiresAt: number): QuotaTake {
    const entry = this.entry(key, expiresAt, false);
    if (entry.used >= limit) return { allowed: false, used: entry.used };
    entry.used += 1;
    return { allowed: true, used: entry.used };
  }

  remember(key: string, member: number, limit: number, expiresAt: number): QuotaTake {
    const entry = this.entry(key, expiresAt, true);
    if (entry.members!.has(member)) return { allowed: true, used: entry.used };
    if (entry.used >= limit) return { allowed: false, used: entry.used };
    entry.members!.add(member);
    entry.used += 1;
    return { allowed: true, used: entry.used };
  }

  /** This instance's own: nothing is shared. */
  async ping(): Promise<void> {}

  async secret(name: StoreSecret): Promise<string> {
    let secret = this.secrets.get(name);
    if (secret === undefined) {
      secret = randomSalt();
      this.secrets.set(name, secret);
    }
    return secret;
  }

  private entry(key: string, expiresAt: number, withMembers: boolean) {
    let entry = this.counts.get(key);
    if (entry === undefined || entry.expiresAt <= this.now()) {
      if (this.counts.size >= this.maxKeys) this.evict();
      entry = { used: 0, members: withMembers ? new Set() : null, expiresAt };
      this.counts.set(key, entry);
    }
    return entry;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
    // Still full: drop the oldest tenth (Map order is insertion order).
    if (this.counts.size >= this.maxKeys) {
      let drop = Math.ceil(this.maxKeys / 10);
      for (const key of this.counts.keys()) {
        if (drop-- === 0) break;
        this.counts.delete(key);
      }
    }
  }
}
