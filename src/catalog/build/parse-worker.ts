/**
 * Worker thread of the snapshot build: reads, parses and validates the export files and sends
 * valid records in batches, so validation runs on one core while the main thread inserts on the
 * other. Ends each file with the SHA-256 of its decompressed bytes (for the catalog version).
 */
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { BuildIssue } from './build-issues.ts';
import { EXPORT_FILES, type ExportKind } from './export-records.ts';
import { readNdjsonLines } from './ndjson-lines.ts';

export interface ParseWorkerInput {
  files: { kind: ExportKind; path: string; name: string }[];
}

export type ParseWorkerMessage =
  | { type: 'batch'; kind: ExportKind; records: unknown[]; lines: number[]; issues: BuildIssue[]; bytesRead: number }
  /** Engagement counters, packed: productId, views, likes, dislikes per record (see below). */
  | { type: 'counters'; kind: 'engagement'; values: Float64Array; lines: number[]; issues: BuildIssue[]; bytesRead: number }
  | { type: 'file-end'; kind: ExportKind; digest: string };

/** Batches in flight before the worker waits for the main thread: bounds memory on big exports. */
const MAX_IN_FLIGHT = 3;
const BATCH_SIZE = 2000;

const port = parentPort!;
const { files } = workerData as ParseWorkerInput;
const schemas = Object.fromEntries(EXPORT_FILES.map((f) => [f.kind, f.schema]));

let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  inFlight -= 1;
  wake?.();
  wake = null;
});

async function send(message: ParseWorkerMessage): Promise<void> {
  if (message.type !== 'file-end') {
    inFlight += 1;
    while (inFlight > MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
  }
  port.postMessage(message, message.type === 'counters' ? [message.values.buffer as ArrayBuffer] : []);
}

/*
 * Counters travel packed in a transferred Float64Array (32 bytes a record, exact for safe
 * integers): no copy, and no million small objects for the main thread to collect.
 */
const packCounters = (records: unknown[]): Float64Array => {
  const values = new Float64Array(records.length * 4);
  records.forEach((record, i) => {
    const { productId, views, likes, dislikes } = record as { productId: number; views: number; likes: number; dislikes: number };
    values.set([productId, views, likes, dislikes], i * 4);
  });
  return values;
};

for (const file of files) {
  const schema = schemas[file.kind]!;
  const hash = createHash('sha256');
  let bytesRead = 0;
  let batch = { records: [] as unknown[], lines: [] as number[], issues: [] as BuildIssue[] };
  const flush = async () => {
    const { records, lines, issues } = batch;
    batch = { records: [], lines: [], issues: [] };
    if (file.kind === 'engagement')
      await send({ type: 'counters', kind: 'engagement', values: packCounters(records), lines, issues, bytesRead });
    else await send({ type: 'batch', kind: file.kind, records, lines, issues, bytesRead });
  };
  const lines = readNdjsonLines(file.path, {
    hash,
    onBytes: (n) => (bytesRead = n),
    onBadLine: (line, message) => batch.issues.push({ file: file.name, line, field: null, message }),
  });
  for await (const { lineNumber, text } of lines) {
    // A file of nothing but bad lines must not pile its issues up in memory either.
    if (batch.issues.length >= BATCH_SIZE) await flush();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      batch.issues.push({ file: file.name, line: lineNumber, field: null, message: `invalid JSON (${(error as Error).message})` });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      batch.records.push(parsed.data);
      batch.lines.push(lineNumber);
      if (batch.records.length >= BATCH_SIZE) await flush();
    } else {
      for (const issue of parsed.error.issues) {
        batch.issues.push({
          file: file.name,
          line: lineNumber,
          field: issue.path.length > 0 ? issue.path.join('.') : null,
          message: issue.message,
        });
      }
    }
  }
  await flush();
  await send({ type: 'file-end', kind: file.kind, digest: hash.digest('hex') });
}
port.close();
