import pino from 'pino';

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

/** A line that writes its own bytes: at `at` in `into`, returning where it ends, or -1 when it cannot (no room left, or a line it does not write). */
export interface EncodedLine {
  encode(into: Buffer, at: number): number;
}

/**
 * A destination of lines; a batched one also takes a line written straight into its batch.
 * `false`: the line was not written; the caller writes it as a string.
 */
export interface LineDestination extends pino.DestinationStream {
  writeEncoded?(line: EncodedLine): boolean;
}

/** Where lines go: to stdout in a mode, or to a sink. */
export type LogOutput = LogMode | LineSink;

/**
 * A batch is handed to sonic-boom once it holds BATCH_BYTES, or BATCH_MS after its first line; its
 * buffer has room past that for one more line of a few kilobytes (a longer one, a stack trace, is
 * written on its own). Each write costs the server's core about 100 µs besides its bytes (a
 * thread-pool round trip, and the pipe's reader woken): in batches of 256 KiB rather than 64,
 * the log's share of the server's CPU went from 5.2–6.2% to 3.4–3.7% (docs/benchmarks.md, "The
 * request log").
 */
const BATCH_BYTES = 256 * 1024;
const BATCH_CAPACITY = BATCH_BYTES + 16 * 1024;
const BATCH_MS = 20;

/**
 * Lines encoded into a buffer as they come, handed to sonic-boom (in its buffer mode) a batch at a
 * time. Handed one string at a time, sonic-boom appends each to the string it is buffering and
 * measures that whole string's byte length again, and each write it starts encodes its string and
 * goes through libuv's thread pool: under load these took most of the log's time, so a batch
 * waits for about a thousand lines, or BATCH_MS at most when few come (docs/benchmarks.md,
 * "The request log").
 */
function batched(destination: pino.DestinationStream & { flushSync(): void }): LineDestination {
  let batch = Buffer.allocUnsafe(BATCH_CAPACITY);
  let used = 0;
  let timer: NodeJS.Timeout | null = null;
  // In its buffer mode sonic-boom takes Buffers, though its types name strings only.
  const send = (bytes: Buffer) => destination.write(bytes as unknown as string);
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (used === 0) return;
    // sonic-boom keeps the buffer until it is written: the next batch gets a new one.
    send(batch.subarray(0, used));
    batch = Buffer.allocUnsafe(BATCH_CAPACITY);
    used = 0;
  };
  // The batch first, then everything sonic-boom holds, written synchronously: an exit hook of
  // pino's registered before this one may already have run.
  process.once('exit', () => {
    flush();
    destination.flushSync();
  });
  const written = () => {
    if (used >= BATCH_BYTES) flush();
    // Unref'd: a batch waiting for its time never keeps a process alive (the exit hook writes it).
    else if (used > 0 && timer === null) timer = setTimeout(flush, BATCH_MS).unref();
  };
  return {
    write: (line) => {
      // At most 3 bytes a UTF-16 unit: a line that might not fit goes after the batch, or alone.
      if (used + line.length * 3 > batch.length) flush();
      if (line.length * 3 > batch.length) send(Buffer.from(line));
      else used += batch.write(line, used);
      written();
    },
    writeEncoded: (line) => {
      let end = line.encode(batch, used);
      if (end < 0 && used > 0) {
        flush();
        end = line.encode(batch, used);
      }
      if (end < 0) return false;
      used = end;
      written();
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
        : batched(pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }));
    shared.set(mode, destination);
  }
  return destination;
}

export function destinationOf(output: LogOutput): LineDestination {
  return typeof output === 'function' ? { write: output } : stdoutDestination(output);
}
