/**
 * `npm run rebuild`: a new catalog snapshot and new public documents under a running self-hosted
 * server, without stopping it. The snapshot is built beside CATALOG_DB and weighed against the one
 * in use (an empty or shrunken catalog is refused: build.ts, guardNewCatalog), the documents are
 * written from it into a staging folder, and both are put in place as one step that happens whole
 * or is rolled back (src/platform/node/put-in-place.ts); then a running server is told
 * (takeUpSignal): it takes up both within a second (or at once on SIGHUP) and releases the old
 * snapshot once the requests that took it are done (docs/operations.md).
 *
 * Exit codes: 0 in place and signalled; 1 failed or refused, nothing changed; 2 in place but the
 * server not told (it takes the rebuild up on SIGHUP or a restart); 3 failed and not wholly rolled
 * back (said in words: the rebuild is to be run again).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUILD_PROCESS_FLAGS } from '../src/catalog-build/build-process.ts';
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { changedDocumentSettings, documentSettings } from '../src/documents/document-settings.ts';
import { documentSources } from '../src/documents/document-sources.ts';
import { writePublicDocuments } from '../src/documents/write-documents.ts';
import { PlacementFailed, putInPlace } from '../src/platform/node/put-in-place.ts';
import { BUILD_INFO, BuildStopped, guardNewCatalog, recordPrices } from './build.ts';

const CLIENT_DIR = join('dist', 'client');

async function rebuild(): Promise<void> {
  const config = loadConfig();
  if (!existsSync(CLIENT_DIR) || !existsSync(BUILD_INFO)) throw new ConfigError(`no built site in ${CLIENT_DIR}: run npm run build first`);
  // The portal states these settings too, and only a full build renders it again.
  const built = (JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { documents?: Record<string, unknown> }).documents;
  const changed = changedDocumentSettings(built, documentSettings(config));
  if (changed.length > 0) throw new ConfigError(`the site was built with other settings (${changed.join(', ')}): run npm run build`);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  const tag = randomBytes(6).toString('hex');
  const next = join(dirname(config.catalogDb), `.${basename(config.catalogDb)}.next-${tag}`);
  const staging = join('dist', `.documents-${tag}`);
  try {
    const built = spawnSync(process.execPath, [...BUILD_PROCESS_FLAGS, join(import.meta.dirname, 'build-catalog.ts')], {
      stdio: 'inherit',
      env: { ...process.env, CATALOG_DB: next },
    });
    if (built.status !== 0) throw new BuildStopped('the catalog build failed (above); the snapshot and documents in use were kept');
    await guardNewCatalog(next, config, 'the snapshot and documents in use were kept');

    const catalog = openCatalog(next, { memoryMap: false });
    try {
      await writePublicDocuments(documentSources(config, catalog), staging, (line) => console.error(`[rebuild] ${line}`), {
        precompress: true,
      });
    } finally {
      catalog.close();
    }

    console.error(`[rebuild] ${recordPrices(config, next)}`);
    const placed = putInPlace({ documents: staging, clientDir: CLIENT_DIR, snapshot: next, catalogDb: config.catalogDb, tag });
    const size = (statSync(config.catalogDb).size / 1e6).toFixed(1);
    const what = `${placed.documents} documents and the snapshot (${size} MB) in place`;
    if (placed.unsignalled !== null) {
      console.error(
        `[rebuild] ${elapsed()} in place but not signalled: ${what}, but ${placed.unsignalled}; send the server SIGHUP (or restart it) to take them up`,
      );
      process.exitCode = 2;
      return;
    }
    console.error(`[rebuild] ${elapsed()} done: ${what}; a running server takes them up within a second`);
  } finally {
    rmSync(next, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

try {
  await rebuild();
} catch (error) {
  // Every step before putInPlace works on staged files only: its failure changed nothing.
  const said = error instanceof PlacementFailed || error instanceof BuildStopped || error instanceof ConfigError;
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[rebuild] ${said ? message : `${message}; nothing was changed: the snapshot and documents in use were kept`}`);
  process.exit(error instanceof PlacementFailed && !error.restored ? 3 : 1);
}
