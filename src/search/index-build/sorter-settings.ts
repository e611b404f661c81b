import { availableParallelism } from 'node:os';
import type { Database } from 'better-sqlite3';

/**
 * The page cache, in KiB, of each database that the build's sorting connections open: the search
 * rows' order (src/catalog-build/record-loaders.ts), the snapshot's indexes
 * (src/catalog-build/build-snapshot.ts) and the search index's parts (search-index-worker.ts), where this SQLite's default is 16 MB. It bounds SQLite's sorter too, which sorts in runs of that size
 * and merges them from temporary files, faster in small runs than in large ones (the figures:
 * docs/benchmarks.md, "The build"). These connections read every table in order: a
 * larger cache would save no read.
 */
export const SMALL_CACHE_KIB = 2000;

/**
 * SQLite's sorter helper threads for a sort that has the machine to itself (nothing else of the
 * build runs beside it): one per core beside the connection's own, at most 3.
 */
export const SORTER_HELPERS = Math.max(0, Math.min(3, availableParallelism() - 1));

/**
 * Runs `work` on `db` with the settings of a sort that has the machine to itself: SORTER_HELPERS
 * threads and a cache of SMALL_CACHE_KIB; the connection's own settings are back afterwards.
 */
export function runAsSort(db: Database, work: () => void): void {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`threads = ${SORTER_HELPERS}`);
  db.pragma(`cache_size = -${SMALL_CACHE_KIB}`);
  try {
    work();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma('threads = 0');
  }
}
