import type { OpenBlobs } from './blobs-quota-store.ts';

/**
 * A store is deleted this long after its hour has passed, not at once: an instance whose clock
 * runs a little behind may still be counting in a window that has just ended elsewhere, and
 * deleting under it would give that client a fresh count.
 */
const GRACE_MS = 5 * 60_000;

/** The hour in a store's name, as bucketStoreName writes it. */
const UTC_HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

export interface SweepResult {
  /** Expiry-hour stores deleted (emptied) by this sweep. */
  stores: string[];
  blobs: number;
  /** Expiry-hour stores still to come (their hour, plus the grace, is not past). */
  kept: number;
}

/**
 * Deletes the quota blobs that can no longer be read: every expiry-hour store of `name`
 * ("<name>-until-<UTC hour>", see bucketStoreName) whose hour plus a grace is past, each in one
 * bulk call. The main store (the salt) and live hours are left alone. Run on a schedule
 * (netlify/functions/quota-sweep.ts); a sweep cut short leaves the rest to the next one.
 */
export async function sweepQuotaStores(
  blobs: { open: OpenBlobs; storeNames: () => Promise<string[]> },
  options: { name?: string; now: number },
): Promise<SweepResult> {
  const prefix = `${options.name ?? 'quotas'}-until-`;
  const result: SweepResult = { stores: [], blobs: 0, kept: 0 };
  for (const store of await blobs.storeNames()) {
    const hour = store.startsWith(prefix) ? store.slice(prefix.length) : '';
    // Only names of exactly this form are ours.
    if (!UTC_HOUR.test(hour)) continue;
    const until = Date.parse(`${hour}:00:00Z`);
    if (until + GRACE_MS > options.now) {
      result.kept += 1;
      continue;
    }
    const { deletedBlobs } = await blobs.open(store).deleteAll();
    result.stores.push(store);
    result.blobs += deletedBlobs;
  }
  return result;
}
