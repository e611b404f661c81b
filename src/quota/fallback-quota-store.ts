import { MemoryQuotaStore } from './memory-quota-store.ts';
import type { QuotaStore, QuotaTake, StoreSecret } from './quota-store.ts';

/** How long an instance uses its own secret (salt, cursor secret) before asking the shared store again. */
const SECRET_RETRY_MS = 5_000;

/**
 * The shared store, with bounded latency: a use it does not answer within `timeoutMs` (or fails)
 * is counted by a per-instance memory store instead. Quotas then hold per instance rather than
 * across instances, which is looser, never a 500. Logged at most once a minute while it lasts.
 * `timeoutMs: null` for a store whose latency is bounded already (the SQLite file's busy timeout):
 * no timer per use, which would cost more than the use itself.
 */
export class FallbackQuotaStore implements QuotaStore {
  private readonly fallback = new MemoryQuotaStore();
  private lastLog = -Infinity;
  /** Whether the latest use was counted in memory: true from a failed use to the next answered one. */
  private counting: 'shared' | 'memory' = 'shared';
  /** When each secret the shared store did not give may be asked for again. */
  private readonly secretRetryAt = new Map<StoreSecret, number>();
  private readonly primary: QuotaStore;
  private readonly options: { timeoutMs: number | null; log: (message: string) => void; now?: () => number };

  constructor(primary: QuotaStore, options: { timeoutMs: number | null; log: (message: string) => void; now?: () => number }) {
    this.primary = primary;
    this.options = options;
  }

  take(key: string, limit: number, expiresAt: number): QuotaTake | Promise<QuotaTake> {
    return this.guard(
      () => this.primary.take(key, limit, expiresAt),
      () => this.fallback.take(key, limit, expiresAt),
    );
  }

  remember(key: string, member: number, limit: number, expiresAt: number): QuotaTake | Promise<QuotaTake> {
    return this.guard(
      () => this.primary.remember(key, member, limit, expiresAt),
      () => this.fallback.remember(key, member, limit, expiresAt),
    );
  }

  /** Whether this instance is counting in its own memory now (the latest use went to the fallback). */
  get fallingBack(): boolean {
    return this.counting === 'memory';
  }

  ping(): Promise<void> {
    return this.primary.ping();
  }

  /** Whether the shared store answers a read within `timeoutMs` (the fallback does not count). */
  async probe(timeoutMs: number): Promise<{ reachable: boolean; ms: number }> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      const reachable = await Promise.race([this.primary.ping().then(() => true), late]);
      return { reachable, ms: Math.round(performance.now() - started) };
    } catch {
      return { reachable: false, ms: Math.round(performance.now() - started) };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.primary.close?.();
  }

  async secret(name: StoreSecret): Promise<string> {
    return (await this.sharedSecret(name)).secret;
  }

  /**
   * The shared store's secret, or while it cannot be read this instance's own (`shared: false`):
   * client keys salted with that one never meet other instances' counts, and cursors signed with it
   * are refused elsewhere, so the caller asks again, and the store is asked at most once per
   * SECRET_RETRY_MS (answering from memory meanwhile, without waiting for it).
   */
  async sharedSecret(name: StoreSecret): Promise<{ secret: string; shared: boolean }> {
    const now = this.options.now ?? Date.now;
    if (now() < (this.secretRetryAt.get(name) ?? -Infinity)) return { secret: await this.fallback.secret(name), shared: false };
    let shared = true;
    const secret = await this.guard(
      () => this.primary.secret(name),
      () => {
        shared = false;
        this.secretRetryAt.set(name, now() + SECRET_RETRY_MS);
        return this.fallback.secret(name);
      },
    );
    return { secret, shared };
  }

  private guard<T>(primary: () => T | Promise<T>, fallback: () => T | Promise<T>): T | Promise<T> {
    if (this.options.timeoutMs !== null) return this.guardWithTimeout(primary, fallback, this.options.timeoutMs);
    // Bounded already: a plain value passes straight through, a failure goes to the fallback.
    try {
      const result = primary();
      if (!(result instanceof Promise)) {
        this.counting = 'shared';
        return result;
      }
      return result.then(
        (value) => {
          this.counting = 'shared';
          return value;
        },
        (error: unknown) => this.failed(error, fallback),
      );
    } catch (error) {
      return this.failed(error, fallback);
    }
  }

  private failed<T>(error: unknown, fallback: () => T | Promise<T>): T | Promise<T> {
    this.counting = 'memory';
    const now = (this.options.now ?? Date.now)();
    if (now - this.lastLog >= 60_000) {
      this.lastLog = now;
      this.options.log(`quota store unavailable (${(error as Error).message}); counting in this instance's memory meanwhile`);
    }
    return fallback();
  }

  private async guardWithTimeout<T>(primary: () => T | Promise<T>, fallback: () => T | Promise<T>, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const value = await Promise.race([primary(), timeout]);
      this.counting = 'shared';
      return value;
    } catch (error) {
      return this.failed(error, fallback);
    } finally {
      clearTimeout(timer);
    }
  }
}
