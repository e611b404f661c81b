import { MemoryQuotaStore } from './memory-quota-store.ts';
import type { QuotaStore, QuotaTake } from './quota-store.ts';

/**
 * The shared store, with bounded latency: a use it does not answer within `timeoutMs` (or fails)
 * is counted by a per-instance memory store instead. Quotas then hold per instance rather than
 * across instances, which is looser, never a 500. Logged at most once a minute while it lasts.
 */
export class FallbackQuotaStore implements QuotaStore {
  private readonly fallback = new MemoryQuotaStore();
  private lastLog = -Infinity;
  private readonly primary: QuotaStore;
  private readonly options: { timeoutMs: number; log: (message: string) => void; now?: () => number };

  constructor(primary: QuotaStore, options: { timeoutMs: number; log: (message: string) => void; now?: () => number }) {
    this.primary = primary;
    this.options = options;
  }

  take(key: string, limit: number, expiresAt: number): Promise<QuotaTake> {
    return this.guard(() => this.primary.take(key, limit, expiresAt), () => this.fallback.take(key, limit, expiresAt));
  }

  remember(key: string, member: string, limit: number, expiresAt: number): Promise<QuotaTake> {
    return this.guard(() => this.primary.remember(key, member, limit, expiresAt), () => this.fallback.remember(key, member, limit, expiresAt));
  }

  private async guard(primary: () => Promise<QuotaTake>, fallback: () => Promise<QuotaTake>): Promise<QuotaTake> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      });
      return await Promise.race([primary(), timeout]);
    } catch (error) {
      const now = (this.options.now ?? Date.now)();
      if (now - this.lastLog >= 60_000) {
        this.lastLog = now;
        this.options.log(`quota store unavailable (${(error as Error).message}); counting in this instance's memory meanwhile`);
      }
      return fallback();
    } finally {
      clearTimeout(timer);
    }
  }
}
