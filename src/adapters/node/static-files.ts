import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** URL paths of every file in the built client directory, e.g. "/api/openapi.yaml". */
export function listStaticPaths(clientDir: string): Set<string> {
  const paths = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else paths.add(`/${relative(clientDir, full).split(sep).join('/')}`);
    }
  };
  walk(clientDir);
  return paths;
}
