import { closeSync, createReadStream, fstatSync, openSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { StaticFiles } from '../../documents/serve-documents.ts';

/**
 * The built client directory's files, listed at start and again by `relist()` (after a rebuild
 * wrote new documents), read from disk when asked.
 */
export function staticFiles(clientDir: string): StaticFiles & { relist(): void } {
  let paths = new Set<string>();
  const walk = (dir: string, into: Set<string>) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full, into);
      else into.add(`/${relative(clientDir, full).split(sep).join('/')}`);
    }
  };
  walk(clientDir, paths);
  return {
    relist: () => {
      const next = new Set<string>();
      walk(clientDir, next);
      paths = next;
    },
    has: (path) => paths.has(path),
    get: (path) => {
      let fd: number;
      try {
        fd = openSync(join(clientDir, path), 'r');
      } catch {
        return null;
      }
      const { size, mtimeMs } = fstatSync(fd);
      return {
        size,
        mtimeMs,
        open: () => Readable.toWeb(createReadStream('', { fd })) as ReadableStream<Uint8Array>,
        close: () => closeSync(fd),
      };
    },
  };
}
