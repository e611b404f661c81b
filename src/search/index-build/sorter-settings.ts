import { availableParallelism } from 'node:os';

/**
 * The page cache, in KiB, of each database that the build's sorting connections open: the search
 * rows' order (src/catalog-build/record-loaders.ts) and the search index's parts
 * (search-index-worker.ts), where this SQLite's default is 16 MB. It bounds SQLite's sorter too, which sorts in runs of that size
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
