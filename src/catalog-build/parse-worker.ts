/**
 * Worker thread of the snapshot build: reads, parses and validates the export files and sends
 * valid records in batches, so validation runs on one core while the main thread inserts on the
 * other. When the main thread has nothing queued, the worker sends the next batch's lines
 * unparsed for the main thread to parse itself: parsing costs more than inserting, so the main
 * thread would otherwise wait (docs/benchmarks.md, "The build").
 * Ends each file with the SHA-256 of its decompressed bytes (for the catalog version).
 */
import { createHash } from 'node:crypto';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { BuildIssue } from './build-issues.ts';
import { readErrorMessage } from './export-read-error.ts';
import type { ExportKind } from './export-records.ts';
import { readNdjsonLines } from './ndjson-lines.ts';
import { parseRecordLine } from './record-parsing.ts';

export interface ParseWorkerInput {
  files: { kind: ExportKind; path: string; name: string }[];
  /** Which batches the worker leaves unparsed for the main thread (BuildOptions.mainThreadParses). */
  mainThreadParses: 'when-idle' | 'none' | 'all';
}

export type ParseWorkerMessage =
  | { type: 'batch'; kind: ExportKind; records: unknown[]; lines: number[]; issues: BuildIssue[]; bytesRead: number }
  /** Engagement counters, packed: productId, views, likes, dislikes per record (see below). */
  | { type: 'counters'; kind: 'engagement'; values: Float64Array; lines: number[]; issues: BuildIssue[]; bytesRead: number }
  /** Lines for the main thread to parse (record-parsing.ts), with the reader's issues among them. */
  | { type: 'lines'; kind: ExportKind; texts: string[]; lines: number[]; issues: BuildIssue[]; bytesRead: number }
  | { type: 'file-end'; kind: ExportKind; digest: string }
  /** The file could not be read to its end (export-read-error.ts); the worker reads no further. */
  | { type: 'read-error'; kind: ExportKind; issue: BuildIssue };

/** Batches in flight before the worker waits for the main thread: bounds memory on big exports. */
const MAX_IN_FLIGHT = 3;
const BATCH_SIZE = 2000;

const port = parentPort!;
const { files, mainThreadParses } = workerData as ParseWorkerInput;

let inFlight = 0;
let wake: (() => void) | null = null;
const acknowledged = () => {
  inFlight -= 1;
  wake?.();
  wake = null;
};
port.on('message', acknowledged);

async function send(message: ParseWorkerMessage): Promise<void> {
  if (message.type === 'batch' || message.type === 'counters' || message.type === 'lines') {
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

/**
 * A batch being filled. `texts` (unparsed lines) when the main thread has no batch waiting behind
 * the one it is loading: it will parse this one itself rather than wait for it.
 */
const newBatch = () => {
  // Acknowledgements already queued count now: the listener above runs only between file reads.
  while (receiveMessageOnPort(port) !== undefined) acknowledged();
  const leave = mainThreadParses === 'all' || (mainThreadParses === 'when-idle' && inFlight <= 1);
  return { records: [] as unknown[], lines: [] as number[], issues: [] as BuildIssue[], texts: leave ? ([] as string[]) : null };
};

for (const file of files) {
  const hash = createHash('sha256');
  let bytesRead = 0;
  let batch = newBatch();
  const flush = async () => {
    const { records, lines, issues, texts } = batch;
    if (texts) await send({ type: 'lines', kind: file.kind, texts, lines, issues, bytesRead });
    else if (file.kind === 'engagement')
      await send({ type: 'counters', kind: 'engagement', values: packCounters(records), lines, issues, bytesRead });
    else await send({ type: 'batch', kind: file.kind, records, lines, issues, bytesRead });
    batch = newBatch();
  };
  const lines = readNdjsonLines(file.path, {
    hash,
    onBytes: (n) => (bytesRead = n),
    onBadLine: (line, message) => batch.issues.push({ file: file.name, line, field: null, message }),
  });
  try {
    for await (const { lineNumber, text } of lines) {
      // A file of nothing but bad lines must not pile its issues up in memory either.
      if (batch.issues.length >= BATCH_SIZE) await flush();
      if (batch.texts) {
        batch.texts.push(text);
        batch.lines.push(lineNumber);
        if (batch.texts.length >= BATCH_SIZE) await flush();
        continue;
      }
      parseRecordLine(file.kind, file.name, lineNumber, text, batch);
      if (batch.records.length >= BATCH_SIZE) await flush();
    }
  } catch (error) {
    // A cut gzip, a damaged one, a read error: said as an issue of the file, and nothing more is read.
    await flush();
    await send({
      type: 'read-error',
      kind: file.kind,
      issue: { file: file.name, line: null, field: null, message: readErrorMessage(error) },
    });
    break;
  }
  await flush();
  await send({ type: 'file-end', kind: file.kind, digest: hash.digest('hex') });
}
port.close();
