/**
 * Builds the SQLite catalog snapshot from the export in CATALOG_SOURCE (default data/sample) into
 * CATALOG_DB (default data/catalog.sqlite). Exit code 1 with a located error report when the export
 * is invalid; the previous snapshot is then left as it was.
 */

import { formatIssue } from '../src/catalog/build/build-issues.ts';
import { type BuildProgress, buildSnapshot } from '../src/catalog/build/build-snapshot.ts';
import { loadConfig } from '../src/config/config.ts';

const config = loadConfig();
const started = performance.now();
let lastReport = started;

const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);

function showProgress(progress: BuildProgress): void {
  const now = performance.now();
  if (progress.phase !== 'load') {
    const what = progress.phase === 'search-index' ? 'full-text index' : 'other indexes (discovery, geographic)';
    if (now - started > 2000) console.error(`[catalog] ${elapsed()}s building the ${what}…`);
    return;
  }
  if (now - lastReport < 2000) return;
  lastReport = now;
  const percent = progress.bytesTotal ? Math.floor(((progress.bytesRead ?? 0) / progress.bytesTotal) * 100) : 0;
  console.error(`[catalog] ${elapsed()}s ${progress.file}: ${progress.records} records (${percent}%)`);
}

console.error(`[catalog] building ${config.catalogDb} from ${config.catalogSource}`);
const result = await buildSnapshot({ sourceDir: config.catalogSource, outFile: config.catalogDb, onProgress: showProgress });

if (!result.ok) {
  for (const issue of result.issues) console.error(`  ${formatIssue(issue)}`);
  const hidden = result.issueCount - result.issues.length;
  if (hidden > 0) console.error(`  … and ${hidden} more`);
  console.error(`[catalog] export rejected: ${result.issueCount} error(s); the previous snapshot was kept`);
  process.exit(1);
}
const { counts } = result;
console.error(
  `[catalog] ${elapsed()}s done: ${counts.products} products, ${counts.merchants} merchants, ${counts.stores} stores, ` +
    `${counts.engagement} counters; version ${result.catalogVersion}`,
);
