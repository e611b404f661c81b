import type { Store } from '@netlify/blobs';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { type QuotaStore, type QuotaTake, randomSalt, type StoreSecret } from './quota-store.ts';

/** What this store needs of a Netlify Blobs store (opened with `consistency: 'strong'`). */
export type BlobsLike = Pick<Store, 'get' | 'set' | 'list' | 'deleteAll'>;

/** Opens the site's Blobs store of this name, with strong consistency. */
export type OpenBlobs = (name: string) => BlobsLike;

const HOUR = 3_600_000;

/**
 * The store a key's blobs go to: "<name>-until-<UTC hour>", the hour by which every key in it has
 * expired (keys whose window ends by then). Blobs has no TTL, so expiry is by whole stores: once
 * its hour is past, a store is deleted in one call (see blobs-quota-sweep.ts), and the hour in the
 * name says so to an operator looking at the site's stores.
 */
export function bucketStoreName(name: string, expiresAt: number): string {
  const until = new Date(Math.ceil(expiresAt / HOUR) * HOUR).toISOString().slice(0, 13);
  return `${name}-until-${until}`;
}

/**
 * Quotas in Netlify Blobs, for the Netlify target. Blobs has no TTL and no atomic increment, so
 * every admitted use claims a numbered slot blob ("<key>/n/1", "<key>/n/2", …) with `onlyIfNew`,
 * which succeeds for exactly one writer: nobody starts above a free slot, so exactly `limit` uses
 * are admitted however many instances race. Uses of one key are also serialized within an instance
 * (the local BlobsServer checks and writes in two steps). Blobs live in stores by expiry hour
 * (bucketStoreName), which the sweep deletes whole; the secrets (the salt, the cursor secret) are
 * in the store `name` itself, never swept. Why it holds, and where it does not:
 * docs/architecture.md, "Quota stores".
 */
export class BlobsQuotaStore implements QuotaStore {
  private readonly open: OpenBlobs;
  private readonly name: string;
  /** Stores opened, by name: the main one and a few expiry hours. */
  private readonly opened = new BoundedCache<string, BlobsLike>(64);
  /** Next slot to try, per slot prefix: usually one write per use. */
  private readonly hints = new BoundedCache<string, number>(50_000);
  private readonly queues = new Map<string, Promise<unknown>>();

  /**
   * `open` is called on first use: without the platform's Blobs context it throws there, inside a
   * use (the fallback's to catch). `name`: the main store (the secrets), and the prefix of the
   * expiry-hour stores.
   */
  constructor(open: OpenBlobs, options: { name?: string } = {}) {
    this.open = open;
    this.name = options.name ?? 'quotas';
  }

  private store(name: string): BlobsLike {
    let store = this.opened.get(name);
    if (store === undefined) {
      store = this.open(name);
      this.opened.set(name, store);
    }
    return store;
  }

  take(key: string, limit: number, expiresAt: number): Promise<QuotaTake> {
    return this.serial(key, () => this.claim(this.store(bucketStoreName(this.name, expiresAt)), `${key}/n/`, limit));
  }

  /**
   * A member is admitted once it holds a slot; its marker ("<key>/m/<member>") is written after
   * the slot is claimed, so a refused member never looks admitted. Two instances meeting the same
   * new member at the same moment may both claim a slot for it: the guard then errs on the strict
   * side (fewer distinct members), never the lax one.
   */
  remember(key: string, member: number, limit: number, expiresAt: number): Promise<QuotaTake> {
    return this.serial(key, async () => {
      const blobs = this.store(bucketStoreName(this.name, expiresAt));
      const marker = `${key}/m/${member}`;
      if ((await blobs.get(marker)) !== null) return { allowed: true, used: await this.count(blobs, `${key}/n/`) };
      const taken = await this.claim(blobs, `${key}/n/`, limit);
      if (taken.allowed) await blobs.set(marker, '');
      return taken;
    });
  }

  async ping(): Promise<void> {
    await this.store(this.name).get('salt', { type: 'text' });
  }

  /** Kept as the blob of its name: the first instance to ask creates it (a create-only write), every later one reads it. */
  async secret(name: StoreSecret): Promise<string> {
    const blobs = this.store(this.name);
    const existing = await blobs.get(name, { type: 'text' });
    if (existing) return existing;
    await blobs.set(name, randomSalt(), { onlyIfNew: true });
    return (await blobs.get(name, { type: 'text' }))!;
  }

  private async claim(blobs: BlobsLike, prefix: string, limit: number): Promise<QuotaTake> {
    let slot = this.hints.get(prefix) ?? (await this.count(blobs, prefix)) + 1;
    for (; slot <= limit; slot++) {
      const { modified } = await blobs.set(`${prefix}${slot}`, '', { onlyIfNew: true });
      if (modified) {
        this.hints.set(prefix, slot + 1);
        return { allowed: true, used: slot };
      }
    }
    this.hints.set(prefix, limit + 1);
    return { allowed: false, used: limit };
  }

  /** Slots that exist under a prefix; a listing that lags only makes a use try lower slots first. */
  private async count(store: BlobsLike, prefix: string): Promise<number> {
    const { blobs } = await store.list({ prefix });
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
