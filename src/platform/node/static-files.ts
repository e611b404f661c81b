import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { StaticFiles } from '../../documents/serve-documents.ts';

/** The built client directory's files, listed once at start, read from disk when asked. */
export function staticFiles(clientDir: string): StaticFiles {
  const paths = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else paths.add(`/${relative(clientDir, full).split(sep).join('/')}`);
    }
  };
  walk(clientDir);
  return {
    has: (path) => paths.has(path),
    get: (path) => {
      const file = join(clientDir, path);
      try {
        const { size, mtimeMs } = statSync(file);
        return { size, mtimeMs, open: () => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
      } catch {
        return null;
      }
    },
  };
}
