import type { Store } from '@netlify/blobs';
import { BoundedCache } from '../core/bounded-cache.ts';
import { randomSalt, type QuotaStore, type QuotaTake } from './quota-store.ts';

/** What this store needs of a Netlify Blobs store (opened with `consistency: 'strong'`). */
export type BlobsLike = Pick<Store, 'get' | 'set' | 'list'>;

/**
 * Quotas in Netlify Blobs, for the Netlify target. Blobs has no TTL and no atomic increment, and
 * the local BlobsServer returns no ETag on reads, so a read-modify-write of one counter blob with
 * `onlyIfMatch` cannot be relied on. Instead every admitted use claims a numbered slot blob
 * ("<key>/n/1", "<key>/n/2", …) with `onlyIfNew`, which succeeds for exactly one writer:
 *
 * - a use tries slots upward from a hint and stops at the first it creates (admitted, `used` is
 *   that slot) or past `limit` (refused);
 * - nobody starts above a free slot (hints come from slots seen taken, or from a count of the
 *   slots that exist), so the slots taken are always 1..n, and a refusal means 1..limit are all
 *   taken: exactly `limit` uses are admitted, however many instances race.
 *
 * That holds where `onlyIfNew` is atomic, as Netlify documents for its service. The local
 * BlobsServer checks and writes in two steps, so uses within one instance are also serialized
 * per key here (which keeps them exact there too); see the tests for what that server can show.
 * Window numbers are part of the keys: old windows are never read again (cleanup is by prefix).
 */
export class BlobsQuotaStore implements QuotaStore {
  private readonly open: () => BlobsLike;
  private opened: BlobsLike | undefined;
  /** Next slot to try, per slot prefix: usually one write per use. */
  private readonly hints = new BoundedCache<string, number>(50_000);
  private readonly queues = new Map<string, Promise<unknown>>();

  /** `open` is called on first use: without the platform's Blobs context it throws there, inside a use (the fallback's to catch). */
  constructor(open: () => BlobsLike) {
    this.open = open;
  }

  private get blobs(): BlobsLike {
    return (this.opened ??= this.open());
  }

  /** `expiresAt` is not needed: the window is part of the key. */
  take(key: string, limit: number, _expiresAt?: number): Promise<QuotaTake> {
    return this.serial(key, () => this.claim(`${key}/n/`, limit));
  }

  /**
   * A member is admitted once it holds a slot; its marker ("<key>/m/<member>") is written after
   * the slot is claimed, so a refused member never looks admitted. Two instances meeting the same
   * new member at the same moment may both claim a slot for it: the guard then errs on the strict
   * side (fewer distinct members), never the lax one.
   */
  remember(key: string, member: string, limit: number, _expiresAt?: number): Promise<QuotaTake> {
    return this.serial(key, async () => {
      const marker = `${key}/m/${member}`;
      if ((await this.blobs.get(marker)) !== null) return { allowed: true, used: await this.count(`${key}/n/`) };
      const taken = await this.claim(`${key}/n/`, limit);
      if (taken.allowed) await this.blobs.set(marker, '');
      return taken;
    });
  }

  /** Kept as the blob "salt": the first instance to ask creates it, every later one reads it. */
  async salt(): Promise<string> {
    const existing = await this.blobs.get('salt', { type: 'text' });
    if (existing) return existing;
    await this.blobs.set('salt', randomSalt(), { onlyIfNew: true });
    return (await this.blobs.get('salt', { type: 'text' }))!;
  }

  private async claim(prefix: string, limit: number): Promise<QuotaTake> {
    let slot = this.hints.get(prefix) ?? (await this.count(prefix)) + 1;
    for (; slot <= limit; slot++) {
      const { modified } = await this.blobs.set(`${prefix}${slot}`, '', { onlyIfNew: true });
      if (modified) {
        this.hints.set(prefix, slot + 1);
        return { allowed: true, used: slot };
      }
    }
    this.hints.set(prefix, limit + 1);
    return { allowed: false, used: limit };
  }

  /** Slots that exist under a prefix; a listing that lags only makes a use try lower slots first. */
  private async count(prefix: string): Promise<number> {
    const { blobs } = await this.blobs.list({ prefix });
    return blobs.length;
  }

  /** Runs uses of one key one after another in this instance. */
  private serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }
}
