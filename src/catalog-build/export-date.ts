import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dayNumber } from '../price-history/price-days.ts';
import type { IssueLog } from './build-issues.ts';

/*
 * The export's optional export.json: {"asOf": "2026-11-01T06:00:00Z"}, the instant the catalog
 * is of (RFC 3339, with a time zone). The price history records each build's prices as of that
 * date (src/price-history/); without the file, as of the build's own clock.
 */

export const EXPORT_META_FILE = 'export.json';

// RFC 3339's date-time: a full date, a time, and Z or an offset (Date.parse alone takes far more).
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The export's asOf instant, null without export.json; a bad file is an export issue (the build stops before its long part). */
export function readExportDate(dir: string, issues: IssueLog): Date | null {
  const path = join(dir, EXPORT_META_FILE);
  try {
    if (!statSync(path).isFile()) return null;
  } catch {
    return null;
  }
  const problem = (message: string, field: string | null = null) => {
    issues.add({ file: path, line: null, field, message });
    return null;
  };
  let parsed: unknown;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > 64 * 1024) return problem('larger than 64 KiB: it holds one small object');
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return problem('not a JSON object in UTF-8');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return problem('not a JSON object');
  const { asOf } = parsed as { asOf?: unknown };
  if (asOf === undefined) return null;
  if (typeof asOf !== 'string' || !RFC_3339.test(asOf) || dayNumber(asOf.slice(0, 10)) === null || Number.isNaN(Date.parse(asOf))) {
    return problem('must be an RFC 3339 date-time with a time zone, such as "2026-11-01T06:00:00Z"', 'asOf');
  }
  return new Date(asOf);
}
