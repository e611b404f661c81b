import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { linkTree, processAlive } from '../../lib/file-tree.ts';

/** Where the servers of a checkout keep the build each of them serves: beside the build output. */
const SERVED_DIR = '.served';

/**
 * The build a running server serves is its own (docs/operations.md, "Builds beside a running
 * server"): at start, and when it takes up a rebuild's documents, it links the files of the build
 * output (dist/client, dist/server) into a folder of its own, .served/<pid>-<n>/. A build that
 * empties, replaces or deletes dist meanwhile changes nothing the server serves: a link is the
 * file itself, not its name. Hard links cost no copy; a file system that refuses them gets copies.
 */
export interface ServedBuild {
  /** The server's own copy of dist/<part>. */
  dir(part: 'client' | 'server'): string;
  /**
   * Links dist/<part> again into a new folder (a rebuild's documents), not served yet: `commit()`
   * makes it the server's copy (and gives its path), `discard()` removes it. Throws, changing
   * nothing, when it cannot be linked.
   */
  stage(part: 'client'): { dir: string; commit(): string; discard(): void };
  /** Removes the server's folders (at exit; the files of answers in flight stay readable until closed). */
  remove(): void;
}

/**
 * The file `npm run rebuild` writes once its snapshot and documents are in place: a running server
 * takes up the rebuild when it changes (or on SIGHUP), and only then. A snapshot that a full build
 * (`npm run build`) renames over CATALOG_DB waits for a restart, as the rest of that build does.
 */
export const takeUpSignal = (catalogDb: string) => `${catalogDb}.takeup`;

let counter = 0;

/** Links `distDir`'s client and server output into a folder of this process. */
export function serveOwnBuild(distDir: string): ServedBuild {
  const root = join(dirname(resolve(distDir)), SERVED_DIR);
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(root)) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) rmSync(join(root, name), { recursive: true, force: true });
  }
  const folders: string[] = [];
  const folder = () => {
    const dir = join(root, `${process.pid}-${++counter}`);
    folders.push(dir);
    return dir;
  };
  const first = folder();
  const dirs = { client: join(first, 'client'), server: join(first, 'server') };
  linkTree(join(distDir, 'client'), dirs.client);
  linkTree(join(distDir, 'server'), dirs.server);
  return {
    dir: (part) => dirs[part],
    stage: (part) => {
      const staged = folder();
      const next = join(staged, part);
      const discard = () => rmSync(staged, { recursive: true, force: true });
      try {
        linkTree(join(distDir, part), next);
      } catch (error) {
        discard();
        throw error;
      }
      const commit = () => {
        // Answers still reading the previous copy's files keep them through their open handles.
        rmSync(dirs[part], { recursive: true, force: true });
        dirs[part] = next;
        return next;
      };
      return { dir: next, commit, discard };
    },
    remove: () => {
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    },
  };
}
