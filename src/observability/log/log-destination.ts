import pino from 'pino';
import { type RequestLine, RequestLineQueue } from './request-line.ts';

/**
 * How a process's log reaches stdout:
 * - `async`: a long-lived server. Lines go to pino's asynchronous destination (sonic-boom), which
 *   writes with `fs.write` off the request path, in batches of lines (below). pino
 *   flushes it synchronously on the process's `exit` event (its `on-exit-leak-free` hook), which
 *   `process.exit()`, the end of the event loop and an uncaught exception all go through; so is
 *   the batch being gathered. Only SIGKILL can lose buffered lines.
 * - `sync`: a serverless function. Each line is written before the call returns: a function
 *   instance may be frozen as soon as its answer is sent, with no exit to flush on (pino's
 *   docs/asynchronous.md, "AWS Lambda": "it's recommended to always use a destination with
 *   `sync: true`").
 */
export type LogMode = 'async' | 'sync';

/** A test's sink for whole lines (each ends with a newline). */
export type LineSink = (line: string) => void;

/**
 * A destination of lines; a batched one also takes a request's line as its fields, queued and
 * written with the batch (request-line.ts). `false`: the line was not taken; the caller writes it
 * as a string.
 */
export interface LineDestination extends pino.DestinationStream {
  writeRequest?(level: 'debug' | 'info', epochMs: number, line: RequestLine): boolean;
}

/** Where lines go: to stdout in a mode, or to a sink. */
export type LogOutput = LogMode | LineSink;

/**
 * A batch is handed to sonic-boom once it holds BATCH_BYTES, or BATCH_MS after its first line; its
 * buffer has room past that for one more line of a few kilobytes (a longer one, a stack trace, is
 * written on its own). Each write costs the server's core a thread-pool round trip and a woken
 * reader besides its bytes: large batches, and a timer long enough that a batch under load is full
 * before it goes, keep that small (the figures: docs/benchmarks.md, "The request log").
 */
const BATCH_BYTES = 256 * 1024;
const BATCH_CAPACITY = BATCH_BYTES + 16 * 1024;
const BATCH_MS = 100;
/** Request lines waiting as fields: about 200 KB once written. */
const QUEUED_LINES = 1024;

/**
 * Lines encoded into a buffer as they come, handed to sonic-boom (in its buffer mode) a batch at a
 * time. Handed one string at a time, sonic-boom appends each to the string it is buffering and
 * measures that whole string's byte length again, and each write it starts encodes its string and
 * goes through libuv's thread pool: under load these took most of the log's time, so a batch
 * waits for about a thousand lines, or BATCH_MS at most when few come (docs/benchmarks.md,
 * "The request log"). Request lines wait as their fields (RequestLineQueue) and are written into
 * the batch together, before any other line and whenever the batch goes: the order of lines is
 * the order they were logged in.
 */
function batched(destination: pino.DestinationStream & { flushSync(): void }, atExit: pino.DestinationStream): LineDestination {
  let batch = Buffer.allocUnsafe(BATCH_CAPACITY);
  let used = 0;
  const queue = new RequestLineQueue(QUEUED_LINES);
  let timer: NodeJS.Timeout | null = null;
  // In its buffer mode sonic-boom takes Buffers, though its types name strings only.
  const send = () => {
    if (used === 0) return;
    // sonic-boom keeps the buffer until it is written: the next batch gets a new one.
    destination.write(batch.subarray(0, used) as unknown as string);
    batch = Buffer.allocUnsafe(BATCH_CAPACITY);
    used = 0;
  };
  /** The queued request lines into the batch, sending it each time it is full. */
  const drain = () => {
    while (queue.size > 0) {
      used = queue.drainInto(batch, used);
      if (queue.size > 0 || used >= BATCH_BYTES) send();
    }
  };
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    drain();
    send();
  };
  // At exit, what sonic-boom holds first (its lines are older), then the lines still here, all
  // written synchronously; an exit hook of pino's registered before this one may already have run.
  // The last lines go through `atExit`, a synchronous destination: handed to the asynchronous one
  // while it was idle, they started a write the exit did not wait for, and were lost.
  process.once('exit', () => {
    if (timer !== null) clearTimeout(timer);
    destination.flushSync();
    for (;;) {
      used = queue.drainInto(batch, used);
      if (used > 0) {
        atExit.write(batch.subarray(0, used) as unknown as string);
        batch = Buffer.allocUnsafe(BATCH_CAPACITY);
        used = 0;
      }
      if (queue.size === 0) break;
    }
  });
  // Unref'd: a batch waiting for its time never keeps a process alive (the exit hook writes it).
  const flushSoon = () => {
    if (timer === null) timer = setTimeout(flush, BATCH_MS).unref();
  };
  return {
    write: (line) => {
      drain();
      // At most 3 bytes a UTF-16 unit: a line that might not fit goes after the batch, or alone.
      if (used + line.length * 3 > batch.length) send();
      if (line.length * 3 > batch.length) destination.write(Buffer.from(line) as unknown as string);
      else used += batch.write(line, used);
      if (used >= BATCH_BYTES) send();
      flushSoon();
    },
    writeRequest: (level, epochMs, line) => {
      if (queue.size === queue.capacity) drain();
      if (!queue.add(level, epochMs, line)) return false;
      flushSoon();
      return true;
    },
  };
}

const shared = new Map<LogMode, LineDestination>();

/** stdout in that mode, one destination per process and mode (every logger of the process shares its buffer). */
export function stdoutDestination(mode: LogMode): LineDestination {
  let destination = shared.get(mode);
  if (destination === undefined) {
    destination =
      mode === 'sync'
        ? pino.destination({ dest: 1, sync: true })
        : batched(
            pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }),
            pino.destination({ dest: 1, sync: true, contentMode: 'buffer' }),
          );
    shared.set(mode, destination);
  }
  return destination;
}

export function destinationOf(output: LogOutput): LineDestination {
  return typeof output === 'function' ? { write: output } : stdoutDestination(output);
}
