/**
 * Indexes one range of the published products, read from the snapshot being built, into a
 * full-text index of its own in a file of its own, with that part's vocabulary; the other parts
 * are indexed at the same time on the other cores, and search-index-build.ts joins them. Run in
 * a worker thread, or in the build's own thread for the first part (one thread fewer to start
 * and to hold memory for).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SEARCH_INDEX_PART } from './search-schema.ts';
import { SMALL_CACHE_KIB } from './sorter-settings.ts';

export interface SearchIndexPart {
  snapshotFile: string;
  partFile: string;
  /** The range's first ordinal (search_rows), and the ordinal after its last. */
  from: number;
  to: number;
  /** FTS5's 'hashsize': how many bytes of terms it gathers in memory before it writes a segment. */
  termBufferBytes: number;
}

export function indexSearchIndexPart({ snapshotFile, partFile, from, to, termBufferBytes }: SearchIndexPart): void {
  const db = new Database(partFile);
  try {
    // A throwaway file, as the snapshot is while it is built.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.prepare('ATTACH ? AS snapshot').run(snapshotFile);
    for (const schema of ['main', 'snapshot']) db.pragma(`${schema}.cache_size = -${SMALL_CACHE_KIB}`);
    db.exec(SEARCH_INDEX_PART.table);
    db.exec('BEGIN');
    db.exec(SEARCH_INDEX_PART.rank.table);
    db.prepare(SEARCH_INDEX_PART.rank.insert).run(from, to);
    // FTS5 takes an integer only: better-sqlite3 binds a JavaScript number as a real.
    db.prepare(SEARCH_INDEX_PART.settings.termBuffer).run(BigInt(termBufferBytes));
    db.exec(SEARCH_INDEX_PART.settings.noMerges);
    db.exec(SEARCH_INDEX_PART.insert);
    db.exec(SEARCH_INDEX_PART.words);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

if (!isMainThread && parentPort) {
  indexSearchIndexPart(workerData as SearchIndexPart);
  parentPort.postMessage('indexed');
}
