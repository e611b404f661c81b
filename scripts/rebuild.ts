/**
 * `npm run rebuild`: a new catalog snapshot and new public documents under a running self-hosted
 * server, without stopping it. The snapshot is built beside CATALOG_DB, the documents are written
 * from it into a staging folder, moved over the site's (each file by a rename), the snapshot
 * renamed over CATALOG_DB, and a running server told (takeUpSignal): it takes up both within a
 * second (or at once on SIGHUP) and releases the old snapshot once the requests that took it are
 * done (docs/operations.md). Any failure leaves the snapshot and the documents as they were.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { BUILD_PROCESS_FLAGS } from '../src/catalog-build/build-process.ts';
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { SITEMAP_CHILD_DIR } from '../src/documents/document-files.ts';
import { changedDocumentSettings, documentSettings } from '../src/documents/document-settings.ts';
import { documentSources } from '../src/documents/document-sources.ts';
import { writePublicDocuments } from '../src/documents/write-documents.ts';
import { takeUpSignal } from '../src/platform/node/served-build.ts';
import { BUILD_INFO } from './build.ts';

const CLIENT_DIR = join('dist', 'client');

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

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
    if (built.status !== 0) throw new Error('the catalog build failed (above); the snapshot and documents in use were kept');

    const catalog = openCatalog(next, { memoryMap: false });
    try {
      await writePublicDocuments(documentSources(config, catalog), staging, (line) => console.error(`[rebuild] ${line}`), {
        precompress: true,
      });
    } finally {
      catalog.close();
    }

    // The documents first, then the snapshot: a server sees the new snapshot with its documents in place.
    const written = filesUnder(staging);
    for (const file of written) {
      const target = join(CLIENT_DIR, file);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(staging, file), target);
    }
    // Child sitemaps the new catalog no longer needs.
    const children = join(CLIENT_DIR, SITEMAP_CHILD_DIR);
    if (existsSync(children)) {
      const kept = new Set(written.filter((file) => file.startsWith(`${SITEMAP_CHILD_DIR}/`)));
      for (const file of readdirSync(children)) if (!kept.has(`${SITEMAP_CHILD_DIR}/${file}`)) rmSync(join(children, file));
    }
    renameSync(next, config.catalogDb);
    // Then a running server is told: it takes up these, and only these (served-build.ts).
    const signal = takeUpSignal(config.catalogDb);
    writeFileSync(`${signal}.${tag}`, `${JSON.stringify({ rebuiltAt: new Date().toISOString() })}\n`);
    renameSync(`${signal}.${tag}`, signal);
    const size = (statSync(config.catalogDb).size / 1e6).toFixed(1);
    console.error(
      `[rebuild] ${elapsed()} done: ${written.length} documents and the snapshot (${size} MB) in place; a running server takes them up within a second`,
    );
  } finally {
    rmSync(next, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

try {
  await rebuild();
} catch (error) {
  console.error(`[rebuild] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
