import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { STORED_CODINGS } from '../http/content-coding.ts';

/** Files compressed at once: zlib runs on libuv's threads, so these overlap the rest of the build. */
const AT_ONCE = 4;

/**
 * Writes each document's Brotli and gzip forms beside it (`gpt.json.br`, `gpt.json.gz`), once, at
 * build time, for the self-hosted server to send to clients that take them (serve-documents.ts):
 * a child sitemap of a million-product catalog is megabytes of text. Brotli at quality 5 and gzip
 * at its default level: nearly the best sizes for text like this, at a speed a build can afford
 * (docs/benchmarks.md, "Compressed documents"). Netlify's CDN compresses by itself: no forms are written there.
 */
export async function precompressDocuments(dir: string, paths: readonly string[]): Promise<void> {
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
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
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}
