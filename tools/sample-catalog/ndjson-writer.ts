import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/** Bytes collected before a write: one write per record would cost more than building it. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Buffered NDJSON file writer, optionally gzip-compressed, with bounded memory.
 *
 * Lines are encoded straight into one of two reusable 256 KiB Buffers rather than concatenated
 * into a string. A million-product run then leaves only short-lived garbage behind: a growing
 * string kept every line alive across garbage collections, which made V8 enlarge its young
 * generation and pushed peak RSS past 250 MB. While one buffer is being written (or compressed)
 * the other fills up; a buffer is reused only after its write has completed, which is also the
 * backpressure: at most two chunks per file are ever in flight.
 */
export class NdjsonWriter {
  readonly path: string;
  records = 0;
  private readonly buffers: [Buffer, Buffer] = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
  /** Pending write of each buffer; the buffer may be refilled once it settles. */
  private readonly inFlight: [Promise<void> | null, Promise<void> | null] = [null, null];
  private current: 0 | 1 = 0;
  private used = 0;
  private readonly head: Writable;
  private readonly done: Promise<void>;

  constructor(path: string, gzip: boolean) {
    this.path = path;
    const file = createWriteStream(path);
    if (gzip) {
      // zlib hands each 16 KiB (default) of output back to the main thread before going on, and
      // the generator only yields between chunks, so compression crawled; 128 KiB of output
      // covers a whole input chunk in one pass on the thread pool, in parallel with generation.
      const gz = createGzip({ chunkSize: 128 * 1024 });
      this.head = gz;
      this.done = pipeline(gz, file);
    } else {
      this.head = file;
      this.done = finished(file);
    }
    // A failure (disk full, permission) also rejects the pending write or close(); this handler
    // only stops it from being reported as unhandled in between.
    this.done.catch(() => {});
  }

  /** Queues one record; returns true when the caller should `await flush()` before going on. */
  add(record: unknown): boolean {
    const line = JSON.stringify(record);
    let buffer = this.buffers[this.current];
    // UTF-8 needs at most 3 bytes per UTF-16 unit. Records are far smaller than a chunk, but a
    // huge one must not overflow: grow this buffer instead.
    const worst = line.length * 3 + 1;
    if (this.used + worst > buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(buffer.length * 2, this.used + worst));
      buffer.copy(bigger, 0, 0, this.used);
      this.buffers[this.current] = buffer = bigger;
    }
    this.used += buffer.write(line, this.used, 'utf8');
    buffer[this.used++] = 0x0a;
    this.records++;
    return this.used >= CHUNK_BYTES;
  }

  /** Hands the filled buffer to the stream and waits until the other one is free to fill. */
  async flush(): Promise<void> {
    if (this.used === 0) return;
    const index = this.current;
    const chunk = this.buffers[index].subarray(0, this.used);
    const written = new Promise<void>((resolve, reject) => {
      // After a failure no callback may come: report the error instead of waiting forever.
      if (this.head.errored) reject(this.head.errored);
      else this.head.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
    written.catch(() => {}); // awaited below or in close(); avoid an unhandled-rejection report
    this.inFlight[index] = written;
    this.current = index === 0 ? 1 : 0;
    this.used = 0;
    const other = this.inFlight[this.current];
    this.inFlight[this.current] = null;
    if (other) await other;
  }

  async close(): Promise<void> {
    await this.flush();
    for (const pending of this.inFlight) if (pending) await pending;
    this.head.end();
    await this.done;
  }

  /** Stops writing after a failure elsewhere; the partial file is left for the caller to remove. */
  abort(): void {
    this.head.destroy();
  }
}
