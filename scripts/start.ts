/**
 * `npm start`: checks that it can listen on HOST:PORT, builds when the build is missing or stale,
 * then serves it.
 * Stale means: no snapshot, a snapshot of another export (or schema), no site, a site whose
 * documents state other settings (SITE_URL, the cache policy, the quotas…), or sources changed
 * since the site was built. A remote export cannot be listed: its snapshot is stale only when it
 * came from another source; `npm run build` refreshes it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IssueLog } from '../src/catalog-build/build-issues.ts';
import { exportFingerprint, locateExportFiles, locateSynonymsFile } from '../src/catalog-build/export-files.ts';
import { remoteFingerprint } from '../src/catalog-build/remote-export.ts';
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { type Config, ConfigError, isRemoteSource, loadConfig } from '../src/config/config.ts';
import { changedDocumentSettings, documentSettings } from '../src/documents/document-settings.ts';
import { checkListen } from '../src/platform/node/listen-check.ts';
import { BUILD_INFO, BuildStopped, build, CatalogRefused } from './build.ts';

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** The fingerprint of the export the snapshot was built from, or why there is no usable snapshot. */
function snapshotSource(file: string): { fingerprint: string } | { problem: string } {
  try {
    const catalog = openCatalog(file, { memoryMap: false });
    const fingerprint = catalog.sourceFingerprint;
    catalog.close();
    return { fingerprint };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** Why the snapshot is not one of the export in CATALOG_SOURCE as it is now, or null. */
function exportChange(config: Config, fingerprint: string): string | null {
  const source = config.catalogSource;
  if (isRemoteSource(source)) {
    // Checking the remote files would need the network at every start, and a failure there should not stop one.
    if (fingerprint !== remoteFingerprint(source)) return `the snapshot was not built from ${source}`;
    console.error('[start] CATALOG_SOURCE is remote: serving the snapshot built from it; `npm run build` refreshes it');
    return null;
  }
  const issues = new IssueLog(1);
  const synonyms = locateSynonymsFile(source);
  const files = [...locateExportFiles(source, issues), ...(synonyms ? [synonyms] : [])];
  // An unreadable export is the build's to report, with its located errors.
  return issues.count > 0 || fingerprint !== exportFingerprint(files) ? `${source} changed since the snapshot was built` : null;
}

/** Whether the snapshot and site in use can be served as they are: the snapshot opens, and the site was built with these settings. */
function servable(config: Config): boolean {
  if ('problem' in snapshotSource(config.catalogDb) || !existsSync(BUILD_INFO) || !existsSync('dist/server/entry.mjs')) return false;
  const info = JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { documents?: Record<string, unknown> };
  return changedDocumentSettings(info.documents, documentSettings(config)).length === 0;
}

function staleness(config: Config): string | null {
  const snapshot = snapshotSource(config.catalogDb);
  if ('problem' in snapshot) return snapshot.problem;
  const exportChanged = exportChange(config, snapshot.fingerprint);
  if (exportChanged) return exportChanged;
  if (!existsSync(BUILD_INFO) || !existsSync('dist/server/entry.mjs')) return 'the site is not built';
  const info = JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { documents?: Record<string, unknown> };
  const changed = changedDocumentSettings(info.documents, documentSettings(config));
  if (changed.length > 0) return `the documents were built with other settings (${changed.join(', ')})`;
  const builtAt = statSync(BUILD_INFO).mtimeMs;
  // public/: the site's static files (logo, favicon), which Astro copies into the build.
  const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].filter((p) => existsSync(p));
  if (sources.some((p) => newestMtime(p) > builtAt)) return 'sources changed since the last build';
  return null;
}

try {
  const config = loadConfig();
  // A port in use is found before a build, not after it.
  const problem = await checkListen(config.host, config.port);
  if (problem) {
    console.error(`[start] ${problem}`);
    process.exit(1);
  }
  const reason = staleness(config);
  if (reason) {
    console.error(`[start] building first: ${reason}`);
    try {
      await build();
    } catch (error) {
      // A refused catalog leaves the one in use: serve it, rather than serve nothing, when it can be.
      if (!(error instanceof CatalogRefused) || !servable(config)) throw error;
      console.error(`[build] ${error.message}`);
      console.error('[start] serving the catalog and site in use');
    }
  }
} catch (error) {
  if (error instanceof BuildStopped) console.error(`[build] ${error.message}`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
await import('./serve.ts');
