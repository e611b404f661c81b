import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  decodeStructure,
  decodeTotals,
  encodeStructure,
  encodeTotals,
  FTS5_AVERAGES_ROWID,
  FTS5_MAX_SEGID,
  FTS5_SEGID_SHIFT,
  FTS5_STRUCTURE_ROWID,
  Fts5RecordError,
  type Fts5Structure,
} from './fts5-records.ts';
import { indexSearchIndexPart, type SearchIndexPart } from './search-index-worker.ts';

/** Below this many published products per part, one more part costs more than it saves. */
const PRODUCTS_PER_PART = 100_000;
/**
 * At most 4 parts (the join attaches every part, and SQLite attaches at most 10), sharing a 64 MB
 * term buffer: on more cores the build's memory stays what it is on two, and the index has at
 * most about twice the segments (each part flushes its share of the buffer).
 */
const MAX_PARTS = 4;
const TERM_BUFFER_BYTES = 64 * 1024 * 1024;
/** title, description, category, brand, facets (search-schema.ts). */
const INDEX_COLUMNS = 5;

/**
 * Builds the snapshot's full-text index and its vocabulary (search_words) in parts: by default one
 * per core, each of at least PRODUCTS_PER_PART published products. This thread indexes the first
 * part and a worker thread each of the others (search-index-worker.ts); then they are joined.
 * FTS5 builds an index on one thread: this is how the build uses every core for its longest
 * phase (docs/benchmarks.md, "The build").
 *
 * The snapshot's loaded rows must be committed, and `snapshotFile` free of any other connection's
 * transaction: the parts read it.
 */
export async function buildSearchIndex(snapshotFile: string, parts?: number): Promise<void> {
  const ranges = ordinalRanges(snapshotFile, parts);
  const partFiles = ranges.map((_, k) => `${snapshotFile}.search-${k}`);
  try {
    const termBufferBytes = Math.floor(TERM_BUFFER_BYTES / ranges.length);
    const [first, ...others] = ranges.map(
      ([from, to], k): SearchIndexPart => ({ snapshotFile, partFile: partFiles[k]!, from, to, termBufferBytes }),
    );
    const workers = others.map((part) => new Worker(new URL('./search-index-worker.ts', import.meta.url), { workerData: part }));
    const indexing = Promise.all(workers.map(indexed));
    try {
      indexSearchIndexPart(first!);
      await indexing;
    } catch (error) {
      // The first failure is the one reported; the workers stopped here must not be a second one.
      indexing.catch(() => {});
      await Promise.all(workers.map((w) => w.terminate()));
      throw error;
    }
    joinParts(snapshotFile, partFiles);
  } finally {
    for (const file of partFiles) rmSync(file, { force: true });
  }
}

function indexed(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a search index worker stopped early (exit code ${code})`)));
  });
}

/** Ranges of search rows' ordinals (the index's rowids, from 1), as many published products each. */
function ordinalRanges(snapshotFile: string, requestedParts?: number): [number, number][] {
  const db = new Database(snapshotFile, { readonly: true });
  try {
    const published = (db.prepare('SELECT max(ordinal) FROM search_rows').pluck().get() as number | null) ?? 0;
    const parts = requestedParts ?? Math.max(1, Math.min(availableParallelism(), MAX_PARTS, Math.floor(published / PRODUCTS_PER_PART)));
    if (!Number.isInteger(parts) || parts < 1 || parts > MAX_PARTS) throw new RangeError(`search index parts: 1 to ${MAX_PARTS}`);
    // Fewer published products than parts: some ranges are empty.
    const starts = Array.from({ length: parts + 1 }, (_, k) => 1 + Math.floor((k * published) / parts));
    return starts.slice(0, -1).map((start, k) => [start, starts[k + 1]!]);
  } finally {
    db.close();
  }
}

/**
 * Copies the parts' segments into the snapshot's (empty) index, each part's segment ids moved
 * past the previous parts', and writes the structure and averages records that list and count
 * them all; sums the parts' vocabularies. Every part's rows are in a range of ordinals of its own, so
 * the segments never hold the same row twice: the joined index is what one pass would have built,
 * in more segments than one pass leaves, which search reads as fast (docs/benchmarks.md, "The build").
 * (Parts by ranges of product ids, whose segments' rowids interleave, made search slower, as
 * docs/benchmarks.md says: FTS5 seeks in every segment that spans a rowid.)
 *
 * Its own connection: the build's connection may hold FTS5's cached structure record, which only
 * another connection's commit invalidates.
 */
function joinParts(snapshotFile: string, partFiles: string[]): void {
  const db = new Database(snapshotFile);
  try {
    // FTS5's shadow tables are read-only to plain SQL in defensive mode, better-sqlite3's default.
    db.unsafeMode(true);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    for (const [k, file] of partFiles.entries()) db.prepare(`ATTACH ? AS part${k}`).run(file);
    const record = (schema: string, rowid: number) =>
      (db.prepare(`SELECT block FROM ${schema}.products_fts_data WHERE id = ?`).pluck().get(rowid) as Uint8Array | undefined) ??
      new Uint8Array();

    const own = decodeStructure(record('main', FTS5_STRUCTURE_ROWID));
    if (own.levels.some((l) => l.segments.length > 0)) throw new Fts5RecordError('the snapshot’s search index is not empty');
    const joined: Fts5Structure = { cookie: own.cookie, writeCounter: 0, levels: [] };
    const totals = new Array<number>(INDEX_COLUMNS + 1).fill(0);
    let segidOffset = 0;
    db.exec('BEGIN');
    partFiles.forEach((_, k) => {
      const part = decodeStructure(record(`part${k}`, FTS5_STRUCTURE_ROWID));
      decodeTotals(record(`part${k}`, FTS5_AVERAGES_ROWID), INDEX_COLUMNS).forEach((value, i) => {
        totals[i]! += value;
      });
      let largestSegid = 0;
      part.levels.forEach((level, l) => {
        if (level.merging > 0) throw new Fts5RecordError(`part ${k} of the search index was left mid-merge`);
        joined.levels[l] ??= { merging: 0, segments: [] };
        for (const segment of level.segments) {
          joined.levels[l]!.segments.push({ ...segment, id: segment.id + segidOffset });
          largestSegid = Math.max(largestSegid, segment.id);
        }
      });
      if (segidOffset + largestSegid > FTS5_MAX_SEGID) throw new Fts5RecordError('the search index parts hold too many segments');
      joined.writeCounter += part.writeCounter;
      // Segment pages (leaves and doclist indexes) are at rowids from segid << 37, records below.
      db.prepare(
        `INSERT INTO products_fts_data (id, block)
           SELECT id + (? << ${FTS5_SEGID_SHIFT}), block FROM part${k}.products_fts_data WHERE id >= (1 << ${FTS5_SEGID_SHIFT})`,
      ).run(BigInt(segidOffset));
      db.prepare(`INSERT INTO products_fts_idx (segid, term, pgno) SELECT segid + ?, term, pgno FROM part${k}.products_fts_idx`).run(
        BigInt(segidOffset),
      );
      db.exec(`INSERT INTO products_fts_docsize (id, sz) SELECT id, sz FROM part${k}.products_fts_docsize`);
      segidOffset += largestSegid;
    });
    const write = db.prepare('UPDATE products_fts_data SET block = ? WHERE id = ?');
    write.run(encodeStructure(joined), FTS5_STRUCTURE_ROWID);
    write.run(encodeTotals(totals), FTS5_AVERAGES_ROWID);
    const words = partFiles.map((_, k) => `SELECT word, docs, naming_docs, title_docs FROM part${k}.part_words`).join(' UNION ALL ');
    db.exec(
      `INSERT INTO search_words SELECT word, sum(docs), sum(naming_docs), sum(title_docs) FROM (${words}) GROUP BY word ORDER BY word`,
    );
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}
