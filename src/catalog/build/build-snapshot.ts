import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { EXPORT_FILES } from '../../domain/catalog-records.ts';
import { META, SNAPSHOT_INDEXES, SNAPSHOT_SCHEMA_VERSION, SNAPSHOT_TABLES } from '../snapshot-schema.ts';
import { IssueLog, type BuildIssue } from './build-issues.ts';
import { exportFingerprint, locateExportFiles } from './export-files.ts';
import { readNdjsonLines } from './ndjson-lines.ts';
import { createRecordLoaders, type LoadCounts } from './record-loaders.ts';

export interface BuildProgress {
  phase: 'load' | 'index';
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
}

export type BuildResult =
  | { ok: true; counts: LoadCounts; catalogVersion: string; generatedAt: string; outFile: string }
  | { ok: false; issues: BuildIssue[]; issueCount: number };

const SCHEMAS = Object.fromEntries(EXPORT_FILES.map((f) => [f.kind, f.schema]));

/**
 * Streams the export into a fresh SQLite file next to `outFile`, validating every record and
 * reference, and moves it into place only when the whole export is clean: a bad export leaves the
 * previous snapshot (and any service reading it) untouched.
 */
export async function buildSnapshot(options: BuildOptions): Promise<BuildResult> {
  const issues = new IssueLog(options.keepIssues ?? 50);
  const files = locateExportFiles(options.sourceDir, issues);
  if (issues.count > 0) return { ok: false, issues: issues.kept, issueCount: issues.count };

  mkdirSync(dirname(options.outFile), { recursive: true });
  const tempFile = join(dirname(options.outFile), `.${basename(options.outFile)}.${randomBytes(6).toString('hex')}.tmp`);
  const db = new Database(tempFile);
  try {
    // A throwaway file until the rename: durability and crash safety are not needed while loading.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -65536');
    db.pragma('temp_store = FILE');
    db.exec(SNAPSHOT_TABLES);

    const { loaders, counts } = createRecordLoaders(db);
    const hash = createHash('sha256');
    db.exec('BEGIN');
    for (const file of files) {
      hash.update(`\n${file.kind}\n`);
      const schema = SCHEMAS[file.kind]!;
      const load = loaders[file.kind];
      let records = 0;
      let bytesRead = 0;
      const report = () => options.onProgress?.({ phase: 'load', file: file.name, records, bytesRead, bytesTotal: file.size });
      const lines = readNdjsonLines(file.path, {
        hash,
        onBytes: (n) => (bytesRead = n),
        onBadLine: (line, message) => issues.add({ file: file.name, line, field: null, message }),
      });
      for await (const { lineNumber, text } of lines) {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (error) {
          issues.add({ file: file.name, line: lineNumber, field: null, message: `invalid JSON (${(error as Error).message})` });
          continue;
        }
        const parsed = schema.safeParse(value);
        if (!parsed.success) {
          issues.addZodError(file.name, lineNumber, parsed.error);
          continue;
        }
        const problem = load(parsed.data);
        if (problem) issues.add({ file: file.name, line: lineNumber, ...problem });
        records += 1;
        if ((records & 0xffff) === 0) report();
      }
      report();
    }
    if (issues.count > 0) {
      db.exec('ROLLBACK');
      return { ok: false, issues: issues.kept, issueCount: issues.count };
    }

    options.onProgress?.({ phase: 'index' });
    db.exec(SNAPSHOT_INDEXES);
    const catalogVersion = hash.digest('hex').slice(0, 16);
    const generatedAt = (options.now?.() ?? new Date()).toISOString();
    const setMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    setMeta.run(META.schemaVersion, SNAPSHOT_SCHEMA_VERSION);
    setMeta.run(META.catalogVersion, catalogVersion);
    setMeta.run(META.generatedAt, generatedAt);
    setMeta.run(META.sourceFingerprint, exportFingerprint(files));
    db.exec('COMMIT');
    // Rollback journal, not WAL: the snapshot must open read-only from a read-only filesystem.
    db.pragma('journal_mode = DELETE');
    db.close();
    renameSync(tempFile, options.outFile);
    return { ok: true, counts, catalogVersion, generatedAt, outFile: options.outFile };
  } finally {
    if (db.open) db.close();
    rmSync(tempFile, { force: true });
  }
}
