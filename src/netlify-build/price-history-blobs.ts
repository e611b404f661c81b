import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Store } from '@netlify/blobs';

/*
 * The price history on Netlify: a build's file system does not outlive the build, so the history
 * (a SQLite file, src/price-history/history-store.ts) lives in a Blobs store of the site, under one
 * key. The repository's build plugin (netlify/plugins/price-history/) brings it down before the
 * build command and puts it back after it, before the deploy goes live: a build command does not
 * get the site's Blobs credentials, a build plugin does (NETLIFY_BLOBS_CONTEXT; docs/price-history.md).
 */

/** The site's store and the key of the history in it. */
export const PRICE_HISTORY_STORE = 'price-history';
export const PRICE_HISTORY_KEY = 'price-history.sqlite';

/** Another build put a history back while this one ran: this one's is not written over it. */
export class HistoryBlobConflict extends Error {}

/** Where the version of the history that was brought down is noted, for the write back. */
const etagFileOf = (file: string) => `${file}.blob-etag`;

/** The history's ETag as the store lists it ('' when there is none). */
async function listedEtag(store: Store): Promise<string> {
  const { blobs } = await store.list({ prefix: PRICE_HISTORY_KEY });
  return blobs.find((blob) => blob.key === PRICE_HISTORY_KEY)?.etag ?? '';
}

/**
 * Brings the history down into `file` (nothing there: a new one starts); what the log says. Its
 * version is the read's ETag, or (a store that sends none on reads, as Netlify's local server) the
 * one listed before and after the read, the same both times.
 */
export async function bringHistoryDown(store: Store, file: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await listedEtag(store);
    const found = await store.getWithMetadata(PRICE_HISTORY_KEY, { type: 'arrayBuffer' });
    const etag = found === null ? '' : (found.etag ?? before);
    if (found?.etag === undefined && (await listedEtag(store)) !== before) continue;
    writeFileSync(etagFileOf(file), etag);
    if (found === null) {
      rmSync(file, { force: true });
      return `no price history in the site's Blobs store "${PRICE_HISTORY_STORE}" yet: this build starts one`;
    }
    writeFileSync(file, Buffer.from(found.data));
    return `price history brought down from the site's Blobs (${found.data.byteLength} bytes)`;
  }
  throw new HistoryBlobConflict(
    'the price history in the site Blobs changed three times while it was read: another build is writing it; build again',
  );
}

/**
 * Puts the history the build recorded back, only over the version brought down (a conditional
 * write): a build that raced another stops, and its deploy does not go live.
 */
export async function putHistoryBack(store: Store, file: string): Promise<string> {
  if (!existsSync(etagFileOf(file))) return 'the price history was not brought down by this build: nothing put back';
  const etag = readFileSync(etagFileOf(file), 'utf8');
  if (!existsSync(file)) return 'no price history was recorded by this build: nothing put back';
  const bytes = readFileSync(file);
  const { modified } = await store.set(PRICE_HISTORY_KEY, new Blob([bytes]), etag === '' ? { onlyIfNew: true } : { onlyIfMatch: etag });
  if (!modified) {
    throw new HistoryBlobConflict(
      `another build put the price history back into the site's Blobs while this one ran: this build's prices were not written over it, and its deploy is stopped; build again`,
    );
  }
  rmSync(etagFileOf(file), { force: true });
  return `price history put back into the site's Blobs (${bytes.length} bytes)`;
}
