import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { STORED_CODINGS } from '../http/content-coding.ts';

/** Files compressed at once: zlib runs on libuv's threads, so these overlap the rest of the build. */
const AT_ONCE = 4;

/** Writes one document's Brotli and gzip forms beside it. */
async function compressOne(dir: string, path: string): Promise<void> {
  const file = join(dir, path);
  const size = statSync(file).size;
  for (const { coding, suffix } of STORED_CODINGS) {
    const compress =
      coding === 'br'
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : createGzip();
    await pipeline(createReadStream(file), compress, createWriteStream(file + suffix));
  }
}

/**
 * Writes each document's Brotli and gzip forms beside it (`gpt.json.br`, `gpt.json.gz`), once, at
 * build time, for the self-hosted server to send to clients that take them (serve-documents.ts):
 * a child sitemap of a million-product catalog is megabytes of text. Brotli at quality 5 and gzip
 * at its default level: nearly the best sizes for text like this, at a speed a build can afford
 * (docs/benchmarks.md, "Compressed documents"). Netlify's CDN compresses by itself: no forms are written there.
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
