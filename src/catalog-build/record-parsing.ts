import type { BuildIssue } from './build-issues.ts';
import { EXPORT_FILES, type ExportKind, type ProductRecord } from './export-records.ts';
import { readOfferFacts } from './offer-facts.ts';

/** Valid records with their line numbers, and the located issues of the lines that were not. */
export interface ParsedLines {
  records: unknown[];
  lines: number[];
  issues: BuildIssue[];
}

const schemas = Object.fromEntries(EXPORT_FILES.map((f) => [f.kind, f.schema])) as {
  [K in ExportKind]: (typeof EXPORT_FILES)[number]['schema'];
};

/**
 * Parses one NDJSON line of an export file and validates it against its kind's schema, adding
 * the record or its issues to `into`. Both threads of the build call it (parse-worker.ts).
 */
export function parseRecordLine(kind: ExportKind, file: string, lineNumber: number, text: string, into: ParsedLines): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    into.issues.push({ file, line: lineNumber, field: null, message: `invalid JSON (${(error as Error).message})` });
    return;
  }
  const parsed = schemas[kind].safeParse(value);
  if (parsed.success) {
    into.records.push(parsed.data);
    into.lines.push(lineNumber);
    if (kind === 'products') {
      const product = parsed.data as ProductRecord;
      for (const { field, message } of readOfferFacts(product))
        into.issues.push({ file, line: lineNumber, field: `product ${product.id}: ${field}`, message, dropped: true });
    }
    return;
  }
  for (const issue of parsed.error.issues) {
    into.issues.push({ file, line: lineNumber, field: issue.path.length > 0 ? issue.path.join('.') : null, message: issue.message });
  }
}
