import { closeSync, createReadStream, fstatSync, openSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { StaticFiles } from '../../http/static-files.ts';

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
        open: () => exactly(fd, size),
        close: () => closeSync(fd),
      };
    },
  };
}

/**
 * The file's first `size` bytes, the size its answer's Content-Length states: never more (a file
 * rewritten in place while it is sent may have grown), and an error when it has fewer, so the
 * connection is closed rather than left with an answer shorter than it said (the next answer on a
 * keep-alive connection would be read from the middle of this one).
 */
function exactly(fd: number, size: number): ReadableStream<Uint8Array> {
  if (size === 0) {
    closeSync(fd);
    return new ReadableStream({ start: (controller) => controller.close() });
  }
  const source = Readable.toWeb(createReadStream('', { fd, start: 0, end: size - 1 })) as ReadableStream<Uint8Array>;
  let sent = 0;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
      flush(controller) {
        if (sent < size) controller.error(new Error(`the file shrank while it was sent (${sent} of ${size} bytes)`));
      },
    }),
  );
}
