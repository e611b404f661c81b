import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { META, SNAPSHOT_INDEXES, SNAPSHOT_POINTS, SNAPSHOT_SCHEMA_VERSION, SNAPSHOT_TABLES } from '../catalog-read/snapshot-schema.ts';
import { PRICE_HISTORY_TABLE, writePriceHistory } from '../price-history/history-build.ts';
import { DEFAULT_HISTORY_DAYS, emptyHistory, readHistoryStore } from '../price-history/history-store.ts';
import { PastPriceTable } from '../price-history/past-prices.ts';
import { catalogDateOf } from '../price-history/price-days.ts';
import { buildSearchIndex } from '../search/index-build/search-index-build.ts';
import { SEARCH_TABLES } from '../search/index-build/search-schema.ts';
import { runAsSort } from '../search/index-build/sorter-settings.ts';
import { writeSynonyms } from '../search/index-build/synonym-rows.ts';
import { parseSynonymsFile, SYNONYMS_FILE_MAX_BYTES } from '../search/query/synonyms-file.ts';
import { type BuildIssue, IssueLog } from './build-issues.ts';
import { readExportDate } from './export-date.ts';
import { type ExportFile, exportFingerprint, locateExportFiles, locateSynonymsFile } from './export-files.ts';
import type { EngagementRecord } from './export-records.ts';
import type { ParseWorkerInput, ParseWorkerMessage } from './parse-worker.ts';
import { writePlannerStatistics } from './planner-statistics.ts';
import { locatePricesFile, PRICES_FILE, readPastPrices } from './prices-file.ts';
import { createRecordLoaders, type LoadCounts } from './record-loaders.ts';
import { type ParsedLines, parseRecordLine } from './record-parsing.ts';

export interface BuildProgress {
  /** Loading the files, then the price history, then building the full-text index, then the other indexes. */
  phase: 'load' | 'price-history' | 'search-index' | 'indexes';
  file?: string;
  records?: number;
  bytesRead?: number;
  bytesTotal?: number;
}

export interface BuildOptions {
  sourceDir: string;
  outFile: string;
  /** Injected clock: the snapshot's generation time. */
  now?: () => Date;
  onProgress?: (progress: BuildProgress) => void;
  /** How many issues to keep for the report (all are counted). */
  keepIssues?: number;
  /** What `npm start` compares to tell a stale snapshot; default: the files' names, sizes and times. */
  sourceFingerprint?: string;
  /**
   * Which batches this thread parses as well as loads: those the worker would keep it waiting for
   * ('when-idle', the default), or none or all of them (tests compare the three).
   */
  mainThreadParses?: ParseWorkerInput['mainThreadParses'];
  /** Into how many parts the search index is built, each on a thread of its own (default: one per core; src/search/index-build/search-index-build.ts). */
  searchIndexParts?: number;
  /** The largest the snapshot may grow, in SQLite pages (default: no bound): how tests meet a full disk. */
  maxPages?: number;
  /** The price history store to read (PRICE_HISTORY_DB) and how many days it keeps; none: the history starts with this build (src/price-history/). */
  priceHistory?: { store: string; keepDays: number; reset: boolean };
}

/** The snapshot could not be written (a full disk): the export is not at fault, and nothing was put in place. */
export class SnapshotWriteError extends Error {}

/** SQLite's full database or disk (SQLITE_FULL), or the system's (ENOSPC), whichever thread met it. */
const isDiskFull = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || (typeof message === 'string' && /database or disk is full|ENOSPC/.test(message));
};

export type BuildResult =
  | {
      ok: true;
      counts: LoadCounts;
      catalogVersion: string;
      generatedAt: string;
      outFile: string;
      /** Optional values dropped (offer-facts.ts, past prices): the first `keepIssues`, and how many in all. */
      dropped: BuildIssue[];
      droppedCount: number;
      /** The price history: its catalog date, rows to record, and a note for the log (a new store; a date not recorded). */
      priceHistory: { date: string; products: number; changed: number; note: string | null; seconds: number };
    }
  | { ok: false; issues: BuildIssue[]; issueCount: number };

/**
 * Streams the export into a fresh SQLite file next to `outFile`, validating every record and
 * reference, and moves it into place only when the whole export is clean: a bad export leaves the
 * previous snapshot (and any service reading it) untouched.
 *
 * Two threads, so both cores work: a worker reads, parses and validates (parse-worker.ts) while
 * this thread checks references and inserts, and parses the batches the worker leaves it. The
 * search index comes last, in parts on every core: its popularity tiers need the engagement
 * counters.
 */
export async function buildSnapshot(options: BuildOptions): Promise<BuildResult> {
  try {
    return await build(options);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    throw new SnapshotWriteError(
      `the disk is full: the snapshot cannot be written beside ${options.outFile} (free some space, or set CATALOG_DB on a larger disk)`,
    );
  }
}

async function build(options: BuildOptions): Promise<BuildResult> {
  const issues = new IssueLog(options.keepIssues ?? 50);
  const drops = new IssueLog(options.keepIssues ?? 50);
  const files = locateExportFiles(options.sourceDir, issues);
  const synonymsFile = locateSynonymsFile(options.sourceDir);
  // Read first: a few kilobytes, and a mistake in it fails the build before the long part.
  const synonyms = synonymsFile && readSynonyms(synonymsFile, issues);
  const asOf = readExportDate(options.sourceDir, issues) ?? options.now?.() ?? new Date();
  if (issues.count > 0) return { ok: false, issues: issues.kept, issueCount: issues.count };
  const date = catalogDateOf(asOf);
  const history = options.priceHistory;
  // Read before the long part: an unreadable store stops the build here (HistoryStoreError).
  const store = history ? readHistoryStore(history.store, history.reset) : emptyHistory();
  const pricesFile = locatePricesFile(options.sourceDir);
  const historyStarted = performance.now();
  const pastPrices = pricesFile
    ? await readPastPrices(pricesFile, basename(pricesFile), date, (issue) => drops.add(issue))
    : { table: new PastPriceTable(), digest: null };
  let historySeconds = (performance.now() - historyStarted) / 1000;

  mkdirSync(dirname(options.outFile), { recursive: true });
  const tempFile = join(dirname(options.outFile), `.${basename(options.outFile)}.${randomBytes(6).toString('hex')}.tmp`);
  const db = new Database(tempFile);
  try {
    // A throwaway file until the rename: durability and crash safety are not needed while loading.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -32768');
    if (options.maxPages !== undefined) db.pragma(`max_page_count = ${options.maxPages}`);
    db.exec(SNAPSHOT_TABLES);
    db.exec(SEARCH_TABLES);
    db.exec(PRICE_HISTORY_TABLE);

    const { loaders, counts, finish, mainImageOrigins } = createRecordLoaders(db);
    db.exec('BEGIN');
    const digests = await loadFiles(files, loaders, issues, drops, options);
    if (issues.count > 0) {
      db.exec('ROLLBACK');
      return { ok: false, issues: issues.kept, issueCount: issues.count };
    }
    finish();
    writeSynonyms(db, synonyms?.groups ?? []);
    db.exec('COMMIT');
    options.onProgress?.({ phase: 'price-history' });
    const historyWritten = performance.now();
    const prices = writePriceHistory(db, {
      date,
      store,
      past: pastPrices.table,
      keepDays: history?.keepDays ?? DEFAULT_HISTORY_DAYS,
      drop: (line, reason) =>
        drops.add({ file: basename(pricesFile ?? PRICES_FILE), line, field: null, message: `dropped: ${reason}`, dropped: true }),
    });
    historySeconds += (performance.now() - historyWritten) / 1000;
    // The loaders' maps are garbage from here: a full collection (gc() is there when the process
    // has BUILD_PROCESS_FLAGS) and this connection's page cache make room for the index's buffers.
    globalThis.gc?.();
    db.pragma('shrink_memory');
    // Built in parts, on this thread and worker threads, from the committed rows (src/search/index-build/search-index-build.ts).
    options.onProgress?.({ phase: 'search-index' });
    await buildSearchIndex(tempFile, options.searchIndexParts);

    options.onProgress?.({ phase: 'indexes' });
    db.exec('BEGIN');
    db.exec(SNAPSHOT_POINTS);
    runAsSort(db, () => {
      db.exec(SNAPSHOT_INDEXES);
      writePlannerStatistics(db, counts.products);
    });
    // The content of the export, whatever its compression: the same export, the same version.
    // Synonyms change what search finds: theirs is part of the version (when the export has them).
    // So do the catalog's date and the past prices: the price history's figures are of them.
    const parts = [
      ...files.map((f) => `${f.kind}:${digests.get(f.kind)}`),
      ...(synonyms ? [`synonyms:${synonyms.digest}`] : []),
      `date:${date}`,
      ...(pastPrices.digest ? [`prices:${pastPrices.digest}`] : []),
    ];
    const catalogVersion = createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
    const generatedAt = (options.now?.() ?? new Date()).toISOString();
    const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    setMeta.run(META.schemaVersion, SNAPSHOT_SCHEMA_VERSION);
    setMeta.run(META.catalogVersion, catalogVersion);
    setMeta.run(META.generatedAt, generatedAt);
    const fingerprint = options.sourceFingerprint ?? exportFingerprint([...files, ...(synonymsFile ? [synonymsFile] : [])]);
    setMeta.run(META.sourceFingerprint, fingerprint);
    setMeta.run(META.imageOrigins, JSON.stringify(mainImageOrigins()));
    setMeta.run(META.priceHistoryDate, date);
    setMeta.run(META.priceHistorySummary, JSON.stringify(prices.summary));
    setMeta.run(META.priceHistoryRecord, JSON.stringify({ base: store.generation, recordable: prices.recordable, replace: store.replace }));
    db.exec('COMMIT');
    // Rollback journal, not WAL: the snapshot must open read-only from a read-only filesystem.
    db.pragma('journal_mode = DELETE');
    db.close();
    renameSync(tempFile, options.outFile);
    const note = prices.recordable
      ? store.note
      : `the catalog's date ${date} is before the last the price history recorded (${store.days.at(-1)}): its prices are not recorded`;
    return {
      ok: true,
      counts,
      catalogVersion,
      generatedAt,
      outFile: options.outFile,
      dropped: drops.kept,
      droppedCount: drops.count,
      priceHistory: { date, products: prices.products, changed: prices.changed, note, seconds: historySeconds },
    };
  } finally {
    store.close();
    if (db.open) db.close();
    rmSync(tempFile, { force: true });
  }
}

function unpackCounters(values: Float64Array): EngagementRecord[] {
  const records: EngagementRecord[] = [];
  for (let i = 0; i < values.length; i += 4) {
    records.push({ productId: values[i]!, views: values[i + 1]!, likes: values[i + 2]!, dislikes: values[i + 3]! });
  }
  return records;
}

/** The operator's synonym groups and the file's digest; problems go to the issue log, located by line. */
function readSynonyms(file: Omit<ExportFile, 'kind'>, issues: IssueLog): { groups: string[][]; digest: string } | null {
  const problem = (line: number | null, message: string) => issues.add({ file: file.name, line, field: null, message });
  if (file.size > SYNONYMS_FILE_MAX_BYTES) {
    problem(null, `larger than ${SYNONYMS_FILE_MAX_BYTES / 1024} KiB: synonyms are a short list of groups, not a dictionary`);
    return null;
  }
  const bytes = readFileSync(file.path);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    problem(null, 'not UTF-8 text');
    return null;
  }
  const parsed = parseSynonymsFile(text);
  for (const issue of parsed.issues) problem(issue.line, issue.message);
  return { groups: parsed.groups, digest: createHash('sha256').update(bytes).digest('hex') };
}

/** Runs the parse worker over the files and loads what it sends. Resolves to each file's digest. */
function loadFiles(
  files: ExportFile[],
  loaders: ReturnType<typeof createRecordLoaders>['loaders'],
  issues: IssueLog,
  drops: IssueLog,
  { onProgress, mainThreadParses = 'when-idle' }: BuildOptions,
): Promise<Map<string, string>> {
  const input: ParseWorkerInput = { files: files.map(({ kind, path, name }) => ({ kind, path, name })), mainThreadParses };
  // The worker makes short-lived garbage only (lines, parsed records): a small young generation
  // collects it often and cheaply, and keeps the build's peak RSS within its 512 MB target on a
  // million products (docs/benchmarks.md, "The build"). Capping the old generation instead slowed
  // parsing to a crawl.
  const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
    workerData: input,
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  const digests = new Map<string, string>();
  const loaded = new Map<string, number>();
  let cut = false;
  return new Promise((resolve, reject) => {
    worker.on('message', (message: ParseWorkerMessage) => {
      try {
        if (message.type === 'file-end') {
          digests.set(message.kind, message.digest);
          return;
        }
        if (message.type === 'read-error') {
          // The worker stops there: the export is rejected with the file named (parse-worker.ts).
          cut = true;
          issues.add(message.issue);
          return;
        }
        const file = files.find((f) => f.kind === message.kind)!;
        const load = loaders[message.kind];
        const batch: ParsedLines = { records: [], lines: message.lines, issues: message.issues };
        if (message.type === 'lines') {
          batch.lines = [];
          for (const [i, text] of message.texts.entries()) parseRecordLine(message.kind, file.name, message.lines[i]!, text, batch);
        } else batch.records = message.type === 'batch' ? message.records : unpackCounters(message.values);
        // Located issues in line order: the parser's (syntax, schema) and the loaders' (references).
        const found: BuildIssue[] = [...batch.issues];
        batch.records.forEach((record, i) => {
          const problem = load(record);
          if (problem) found.push({ file: file.name, line: batch.lines[i]!, ...problem });
        });
        found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
        for (const issue of found) (issue.dropped ? drops : issues).add(issue);
        const done = (loaded.get(file.kind) ?? 0) + batch.records.length;
        loaded.set(file.kind, done);
        onProgress?.({ phase: 'load', file: file.name, records: done, bytesRead: message.bytesRead, bytesTotal: file.size });
        worker.postMessage('ack');
      } catch (error) {
        void worker.terminate();
        reject(error);
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0 && (digests.size === files.length || cut)) resolve(digests);
      else reject(new Error(`the export parser stopped early (exit code ${code})`));
    });
  });
}
