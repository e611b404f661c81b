/**
 * Builds the SQLite catalog snapshot from the export in CATALOG_SOURCE (default data/sample) into
 * CATALOG_DB (default data/catalog.sqlite). A remote export (an https URL) is downloaded first.
 * Exit code 1 with a located error report when the export is invalid, or with the reason when the
 * download fails; the previous snapshot is then left as it was.
 */

import { formatIssue } from '../src/catalog-build/build-issues.ts';
import {
  type BuildOptions,
  type BuildProgress,
  type BuildResult,
  buildSnapshot,
  SnapshotWriteError,
} from '../src/catalog-build/build-snapshot.ts';
import { type DownloadProgress, RemoteExportError, remoteFingerprint, withDownloadedExport } from '../src/catalog-build/remote-export.ts';
import { type Config, ConfigError, isRemoteSource, loadConfig } from '../src/config/config.ts';
import { HistoryStoreError } from '../src/price-history/history-store.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A bad setting is the operator's to fix: its message names the variable, a stack trace would not help.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[catalog] ${error.message}`);
  process.exit(1);
}
const started = performance.now();
let lastReport = started;

const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);

function showProgress(progress: BuildProgress): void {
  const now = performance.now();
  if (progress.phase !== 'load') {
    const what = {
      'price-history': 'price history (figures of every product)',
      'search-index': 'full-text index',
      indexes: 'other indexes (discovery, geographic)',
    }[progress.phase];
    if (now - started > 2000) console.error(`[catalog] ${elapsed()}s building the ${what}…`);
    return;
  }
  if (now - lastReport < 2000) return;
  lastReport = now;
  const percent = progress.bytesTotal ? Math.floor(((progress.bytesRead ?? 0) / progress.bytesTotal) * 100) : 0;
  console.error(`[catalog] ${elapsed()}s ${progress.file}: ${progress.records} records (${percent}%)`);
}

const size = (bytes: number) => (bytes < 1_000_000 ? `${Math.round(bytes / 1000)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

function showDownload({ file, bytes, total }: DownloadProgress): void {
  const now = performance.now();
  if (now - lastReport < 2000) return;
  lastReport = now;
  const of = total ? ` of ${size(total)} (${Math.floor((bytes / total) * 100)}%)` : '';
  console.error(`[catalog] ${elapsed()}s ${file}: downloaded ${size(bytes)}${of}`);
}

/** A remote export: downloaded beside the snapshot, built from there; the download is removed either way. */
async function buildRemote(options: Omit<BuildOptions, 'sourceDir'>): Promise<BuildResult> {
  const download = { baseUrl: config.catalogSource, token: config.catalogSourceToken, nextTo: config.catalogDb, onProgress: showDownload };
  try {
    return await withDownloadedExport(download, (dir) => {
      console.error(`[catalog] ${elapsed()}s downloaded; building`);
      return buildSnapshot({ ...options, sourceDir: dir, sourceFingerprint: remoteFingerprint(config.catalogSource) });
    });
  } catch (error) {
    if (!(error instanceof RemoteExportError)) throw error;
    console.error(`[catalog] download failed: ${error.message}; the previous snapshot was kept`);
    process.exit(1);
  }
}

console.error(`[catalog] building ${config.catalogDb} from ${config.catalogSource}`);
const options = { outFile: config.catalogDb, onProgress: showProgress, priceHistory: config.priceHistory };
let result: BuildResult;
try {
  result = isRemoteSource(config.catalogSource)
    ? await buildRemote(options)
    : await buildSnapshot({ ...options, sourceDir: config.catalogSource });
} catch (error) {
  // Not the export's fault: said in one line, not as a stack trace.
  if (!(error instanceof SnapshotWriteError || error instanceof HistoryStoreError)) throw error;
  console.error(`[catalog] ${error.message}; the previous snapshot was kept`);
  process.exit(1);
}

if (!result.ok) {
  for (const issue of result.issues) console.error(`  ${formatIssue(issue)}`);
  const hidden = result.issueCount - result.issues.length;
  if (hidden > 0) console.error(`  … and ${hidden} more`);
  console.error(`[catalog] export rejected: ${result.issueCount} error(s); the previous snapshot was kept`);
  process.exit(1);
}
const { counts, priceHistory } = result;
if (priceHistory.note) console.error(`[catalog] note: ${priceHistory.note}`);
// Bad optional values (the offer's facts) never reject the export: each was dropped alone, said here.
for (const issue of result.dropped) console.error(`  ${formatIssue(issue)}`);
if (result.droppedCount > result.dropped.length) console.error(`  … and ${result.droppedCount - result.dropped.length} more`);
console.error(
  `[catalog] ${elapsed()}s done: ${counts.products} products, ${counts.merchants} merchants, ${counts.stores} stores, ` +
    `${counts.engagement} counters${result.droppedCount > 0 ? `, ${result.droppedCount} optional value(s) dropped` : ''}; ` +
    `prices as of ${priceHistory.date} (${priceHistory.changed} to record, ${priceHistory.seconds.toFixed(1)}s of price history); version ${result.catalogVersion}`,
);
