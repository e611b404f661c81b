import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { SITEMAP_CHILD_DIR } from '../../documents/document-files.ts';
import { takeUpSignal } from './served-build.ts';

/** The file operations a placement makes: the node:fs ones, or a test's that fail where it says. */
export interface PlacementFs {
  rename(from: string, to: string): void;
  /** A second name for a file (a hard link; a copy where the file system refuses links). */
  keep(file: string, as: string): void;
  writeFile(path: string, text: string): void;
  remove(path: string): void;
}

export const NODE_FS: PlacementFs = {
  rename: renameSync,
  keep: (file, as) => {
    mkdirSync(dirname(as), { recursive: true });
    try {
      linkSync(file, as);
    } catch {
      copyFileSync(file, as);
    }
  },
  writeFile: (path, text) => writeFileSync(path, text),
  remove: (path) => rmSync(path, { recursive: true, force: true }),
};

/** What a rebuild made, staged beside what it replaces (same file systems, so every move is a rename). */
export interface Staged {
  /** The documents, as they go under `clientDir`. */
  documents: string;
  /** The site's documents in use (dist/client). */
  clientDir: string;
  /** The new snapshot, and the path of the one in use (CATALOG_DB). */
  snapshot: string;
  catalogDb: string;
  /** The rebuild's own tag: its staged files end with it, so none is mistaken for another's. */
  tag: string;
}

/** Nothing the server serves was changed (all was rolled back), or could not be restored: `restored` says which. */
export class PlacementFailed extends Error {
  readonly restored: boolean;
  constructor(message: string, restored: boolean) {
    super(message);
    this.restored = restored;
  }
}

/** In place; `unsignalled` says why a running server was not told (it takes them up on SIGHUP). */
export interface Placement {
  documents: number;
  unsignalled: string | null;
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

const reason = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/**
 * Puts a rebuild's documents and snapshot in place as one step that happens whole or not at all
 * (issue: a snapshot rename that failed after the documents moved left the new catalog's documents
 * beside the old snapshot). The documents it replaces or removes are kept under a second name
 * first; then the documents move, stale child sitemaps go, and the snapshot is renamed over
 * CATALOG_DB, which is the step that commits. A failure before it moves every kept document back.
 * After it, the running server is told (takeUpSignal); a failure there leaves the rebuild in place
 * but unsignalled, said apart. What was staged is removed either way.
 */
export function putInPlace(staged: Staged, fs: PlacementFs = NODE_FS): Placement {
  const { documents, clientDir, snapshot, catalogDb, tag } = staged;
  const backup = join(dirname(clientDir), `.documents-${tag}-replaced`);
  const signal = takeUpSignal(catalogDb);
  // Kept when a rollback could not finish: the old documents not moved back are only there.
  let keepBackup = false;
  try {
    const written = filesUnder(documents);
    const kept = new Set(written.filter((file) => file.startsWith(`${SITEMAP_CHILD_DIR}/`)));
    const children = join(clientDir, SITEMAP_CHILD_DIR);
    const stale = existsSync(children)
      ? readdirSync(children)
          .map((name) => `${SITEMAP_CHILD_DIR}/${name}`)
          .filter((file) => !kept.has(file))
      : [];
    const replaced = [...written, ...stale].filter((file) => existsSync(join(clientDir, file)));
    try {
      for (const file of replaced) fs.keep(join(clientDir, file), join(backup, file));
    } catch (error) {
      throw new PlacementFailed(`the documents in use could not be kept aside (${reason(error)}); nothing was changed`, true);
    }
    // From here, every change is undone on failure until the snapshot's rename.
    const changed: string[] = [];
    let step = 'the documents could not be moved into place';
    try {
      for (const file of written) {
        const target = join(clientDir, file);
        mkdirSync(dirname(target), { recursive: true });
        changed.push(file);
        fs.rename(join(documents, file), target);
      }
      for (const file of stale) {
        changed.push(file);
        fs.remove(join(clientDir, file));
      }
      step = 'the snapshot could not be renamed into place';
      fs.rename(snapshot, catalogDb);
    } catch (error) {
      const unrestored = restore(changed, new Set(replaced), clientDir, backup, fs);
      if (unrestored === null) {
        throw new PlacementFailed(`${step} (${reason(error)}); the documents were moved back: nothing was changed`, true);
      }
      keepBackup = true;
      throw new PlacementFailed(
        `${step} (${reason(error)}), and ${unrestored}: the documents under ${clientDir} are partly the new catalog's while the snapshot is the old one (a running server refuses to take them up); the old ones are kept in ${backup}; run the rebuild again`,
        false,
      );
    }
    try {
      fs.writeFile(`${signal}.${tag}`, `${JSON.stringify({ rebuiltAt: new Date().toISOString() })}\n`);
      fs.rename(`${signal}.${tag}`, signal);
    } catch (error) {
      return { documents: written.length, unsignalled: `the take-up signal ${signal} could not be written (${reason(error)})` };
    }
    return { documents: written.length, unsignalled: null };
  } finally {
    for (const path of [...(keepBackup ? [] : [backup]), documents, snapshot, `${signal}.${tag}`]) {
      try {
        NODE_FS.remove(path);
      } catch {
        // Left behind: a later rebuild's tag never collides with it.
      }
    }
  }
}

/** Puts back every changed document from its kept copy, or removes it when it is new; null when all were, else what was not. */
function restore(changed: string[], replaced: Set<string>, clientDir: string, backup: string, fs: PlacementFs): string | null {
  const failures: string[] = [];
  for (const file of changed.reverse()) {
    try {
      if (replaced.has(file)) fs.rename(join(backup, file), join(clientDir, file));
      else fs.remove(join(clientDir, file));
    } catch (error) {
      failures.push(`${file} (${reason(error)})`);
    }
  }
  return failures.length === 0 ? null : `${failures.length} document(s) could not be moved back: ${failures.slice(0, 3).join(', ')}`;
}
