import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { STORED_CODINGS } from '../http/content-coding.ts';

/** Files compressed at once: zlib runs on libuv's threads, so these overlap the rest of the build. */
const AT_ONCE = 4;

/**
 * A document this large (a child sitemap: megabytes) gets Brotli at quality 3, not 5 (a quarter
 * of the time for a tenth more bytes), and gzip at level 3, not 6 (half the time for an eighth
 * more): it kept a million products' documents within a fifth of the build (docs/benchmarks.md,
 * "Compressed documents").
 */
const LARGE_DOCUMENT_BYTES = 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Writes one document's Brotli and gzip forms beside it. */
async function compressOne(dir: string, path: string): Promise<void> {
  const file = join(dir, path);
  const text = await readFile(file);
  // Whole, in one task on zlib's threads each: the output in one chunk as large as the input.
  // With zlib's 16 KiB chunks, each chunk waited for this thread between two tasks, and this
  // thread is busy writing the sitemap: four children's forms took 3.1 s instead of 0.3 s
  // (docs/benchmarks.md, "Compressed documents").
  const chunkSize = Math.max(constants.Z_DEFAULT_CHUNK, text.length);
  for (const { coding, suffix } of STORED_CODINGS) {
    const compressed =
      coding === 'br'
        ? await brotli(text, {
            chunkSize,
            params: {
              [constants.BROTLI_PARAM_QUALITY]: text.length > LARGE_DOCUMENT_BYTES ? 3 : 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
            },
          })
        : await gzipped(text, { chunkSize, level: text.length > LARGE_DOCUMENT_BYTES ? 3 : constants.Z_DEFAULT_COMPRESSION });
    await writeFile(file + suffix, compressed);
  }
}

/**
 * Writes each document's Brotli and gzip forms beside it (`gpt.json.br`, `gpt.json.gz`), once, at
 * build time, for the self-hosted server to send to clients that take them (serve-documents.ts):
 * a child sitemap of a million-product catalog is megabytes of text. Brotli at quality 5 (3 for
 * large documents) and gzip at its default level (3 for large documents): nearly the best sizes for text like this, at a
 * speed a build can afford (docs/benchmarks.md, "Compressed documents"). Netlify's CDN compresses by itself: no forms are written there.
 *
 * Documents are compressed as they are given (`add`), AT_ONCE at a time: a child sitemap is
 * compressed on zlib's threads while the next one is written, not after the last.
 * `done()` waits for all, and rejects with the first failure.
 */
export function documentCompressor(dir: string): { add(path: string): void; done(): Promise<void> } {
  const queue: string[] = [];
  let active = 0;
  let failure: { error: unknown } | null = null;
  let idle: (() => void) | null = null;
  const next = () => {
    while (active < AT_ONCE && queue.length > 0) {
      const path = queue.shift()!;
      active += 1;
      compressOne(dir, path)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          active -= 1;
          next();
          if (active === 0 && queue.length === 0) idle?.();
        });
    }
  };
  return {
    add: (path) => {
      queue.push(path);
      next();
    },
    done: () =>
      new Promise<void>((resolve, reject) => {
        const settle = () => (failure === null ? resolve() : reject(failure.error));
        if (active === 0 && queue.length === 0) settle();
        else idle = settle;
      }),
  };
}
