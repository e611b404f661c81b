import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SYNONYMS_FILE } from '../search/query/synonyms-file.ts';
import type { IssueLog } from './build-issues.ts';
import { EXPORT_FILES, type ExportKind } from './export-records.ts';

export interface ExportFile {
  kind: ExportKind;
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
}

/**
 * Finds `<kind>.ndjson` or `<kind>.ndjson.gz` for every kind, in build order. Missing files or
 * both spellings at once are reported; the caller stops on any issue.
 */
export function locateExportFiles(dir: string, issues: IssueLog): ExportFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    issues.add({
      file: dir,
      line: null,
      field: null,
      message: `cannot read the export directory (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    });
    return [];
  }
  const files: ExportFile[] = [];
  for (const { kind } of EXPORT_FILES) {
    const candidates = [`${kind}.ndjson`, `${kind}.ndjson.gz`].filter((name) => names.includes(name));
    if (candidates.length !== 1) {
      issues.add({
        file: join(dir, `${kind}.ndjson`),
        line: null,
        field: null,
        message:
          candidates.length === 0
            ? `missing file (expected ${kind}.ndjson or ${kind}.ndjson.gz)`
            : `both ${kind}.ndjson and ${kind}.ndjson.gz exist; keep one`,
      });
      continue;
    }
    const name = candidates[0]!;
    const path = join(dir, name);
    const stat = statSync(path);
    files.push({ kind, path, name, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return files;
}

/** The export's optional synonyms file (src/search/query/synonyms-file.ts), if it has one. */
export function locateSynonymsFile(dir: string): Omit<ExportFile, 'kind'> | null {
  const path = join(dir, SYNONYMS_FILE);
  try {
    const stat = statSync(path);
    return { path, name: SYNONYMS_FILE, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

/** Identifies the export as it is on disk, so `npm start` can tell whether the snapshot is stale. */
export function exportFingerprint(files: Omit<ExportFile, 'kind'>[]): string {
  return JSON.stringify(files.map((f) => [f.name, f.size, Math.trunc(f.mtimeMs)]));
}
