import { closeSync, createReadStream, fstatSync, openSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { StaticFiles } from '../../documents/serve-documents.ts';

/**
 * The built client directory's files, listed at start and again by `moveTo()` (the server's copy
 * of a rebuild's documents, served-build.ts), read from disk when asked. A listing that fails
 * throws and leaves the files as they were.
 */
export function staticFiles(dir: string): StaticFiles & { moveTo(dir: string): void } {
  let clientDir = dir;
  const list = (root: string) => {
    const into = new Set<string>();
    const walk = (at: string) => {
      for (const entry of readdirSync(at, { withFileTypes: true })) {
        const full = join(at, entry.name);
        if (entry.isDirectory()) walk(full);
        else into.add(`/${relative(root, full).split(sep).join('/')}`);
      }
    };
    walk(root);
    return into;
  };
  let paths = list(clientDir);
  return {
    moveTo: (next) => {
      paths = list(next);
      clientDir = next;
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
