/**
 * `npm run build`: the catalog snapshot, then the Astro site, each built beside the ones in use
 * and moved into place whole once both are done: the site (dist/) first, by renames, then the
 * snapshot over CATALOG_DB. A failure leaves both as they were. A running server serves its own
 * copy of the build it started with until it is restarted (docs/operations.md, "Builds beside a
 * running server"). Records what the site was built with, so `npm start` can tell a stale build
 * from a fresh one.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BUILD_PROCESS_FLAGS } from '../src/catalog-build/build-process.ts';
import { catalogRefusal, FORCE_HINT, publishedProductsLive, publishedProductsOf } from '../src/catalog-build/catalog-guard.ts';
import { type Config, loadConfig } from '../src/config/config.ts';
import { documentSettings } from '../src/documents/document-settings.ts';
import { firstLineNote } from '../src/flood-limit/flood-limit.ts';
import { bundleSizeProblem, estimateServiceBundleFor } from '../src/netlify-build/bundle-size.ts';
import { planScheduledRebuild, RebuildScheduleError, writeScheduledRebuild } from '../src/netlify-build/rebuild-schedule.ts';
import { HistoryConflictError, HistoryStoreError, recordSnapshotPrices } from '../src/price-history/history-store.ts';

export const BUILD_INFO = 'dist/build-info.json';
const DIST = 'dist';
/** Where builds are made before they are moved into place (beside dist/, on its file system). */
const STAGING = '.build';

/** A build that cannot go on, for a reason its message gives in one line. */
export class BuildStopped extends Error {}

/** The new catalog was refused (catalog-guard.ts): what is in use was kept, and still serves. */
export class CatalogRefused extends BuildStopped {}

/**
 * Refuses a staged snapshot with no published products, or one shrunk past CATALOG_MAX_SHRINK_PERCENT
 * against the catalog in use: the snapshot at CATALOG_DB, or on Netlify the live deploy (its
 * /readyz), since a Netlify build starts with no snapshot on disk. `kept` says what stays in use.
 */
export async function guardNewCatalog(staged: string, config: Config, kept: string): Promise<void> {
  const onNetlify = process.env.NETLIFY === 'true';
  const inUse = onNetlify ? await publishedProductsLive(config.siteUrl) : publishedProductsOf(config.catalogDb);
  if (onNetlify && inUse === null)
    console.error(`[build] note: ${config.siteUrl}/readyz stated no product count: the new catalog is only checked for emptiness`);
  const refusal = catalogRefusal(publishedProductsOf(staged) ?? 0, inUse, config.catalogGuard);
  if (refusal !== null) throw new CatalogRefused(`refused: ${refusal}; ${kept}. ${FORCE_HINT}`);
  if (config.catalogGuard.force) console.error('[build] CATALOG_FORCE=on: the new catalog was not weighed against the one in use');
}

function run(step: string, args: string[], env: Record<string, string>): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ASTRO_TELEMETRY_DISABLED: '1', ...process.env, ...env } });
  if (result.status !== 0) throw new BuildStopped(`the ${step} failed (above); the site and the snapshot in use were kept`);
}

/** Netlify: REBUILD_SCHEDULE (and REBUILD_HOOK_URL) checked before any work; see docs/operations.md#scheduled-rebuilds. */
function scheduledRebuildPlan() {
  try {
    const plan = planScheduledRebuild(process.env);
    if (plan.note) console.error(`[build] ${plan.note}`);
    return plan;
  } catch (error) {
    if (error instanceof RebuildScheduleError) throw new BuildStopped(error.message);
    throw error;
  }
}

/** Records the staged snapshot's prices into the price history; a store that cannot take them stops the build. */
export function recordPrices(config: Config, snapshot: string): string {
  try {
    return recordSnapshotPrices(config.priceHistory, snapshot);
  } catch (error) {
    if (error instanceof HistoryConflictError || error instanceof HistoryStoreError) throw new BuildStopped(error.message);
    if ((error as { code?: string }).code === 'SQLITE_FULL' || (error as { code?: string }).code === 'ENOSPC') {
      throw new BuildStopped(`the disk is full: the price history at ${config.priceHistory.store} was left as it was`);
    }
    throw error;
  }
}

/** Puts a built folder where `target` is, by renames: the old one is gone only once the new one is there. */
function replaceFolder(built: string, target: string): void {
  const old = `${built}.old`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(built, target);
  rmSync(old, { recursive: true, force: true });
}

export async function build(): Promise<void> {
  const config = loadConfig();
  const rebuild = scheduledRebuildPlan();
  const tag = randomBytes(6).toString('hex');
  const site = join(STAGING, `site-${tag}`);
  const snapshot = join(dirname(config.catalogDb), `.${basename(config.catalogDb)}.build-${tag}.tmp`);
  mkdirSync(STAGING, { recursive: true });
  try {
    run('catalog build', [...BUILD_PROCESS_FLAGS, 'scripts/build-catalog.ts'], { CATALOG_DB: snapshot });
    await guardNewCatalog(snapshot, config, 'the site and the snapshot in use were kept');
    // Netlify: a snapshot too large for the service Function fails here, with its figures, not at deploy.
    if (process.env.NETLIFY === 'true') {
      const problem = bundleSizeProblem(estimateServiceBundleFor(snapshot));
      if (problem) throw new BuildStopped(problem);
      // Quotas that Netlify's fixed first line would cut short: a note, not a stop (docs/operations.md).
      const note = firstLineNote(config.rateLimits);
      if (note) console.error(`[build] note: ${note}`);
    }
    // The documents are written from the new snapshot, into the new site.
    run('site build', ['node_modules/astro/bin/astro.mjs', 'build'], { CATALOG_DB: snapshot, ASTRO_OUT_DIR: site });
    // The MCP Apps views, into the server build the Netlify Function ships and the Node server serves.
    run('views build', ['scripts/build-views.ts', site], {});
    writeFileSync(
      join(site, basename(BUILD_INFO)),
      `${JSON.stringify({ documents: documentSettings(config), builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
    // The day's prices, kept across rebuilds, before the snapshot goes live (src/price-history/).
    console.error(`[build] ${recordPrices(config, snapshot)}`);
    replaceFolder(site, DIST);
    renameSync(snapshot, config.catalogDb);
  } finally {
    rmSync(site, { recursive: true, force: true });
    rmSync(snapshot, { force: true });
  }
  const scheduled = writeScheduledRebuild(rebuild);
  if (scheduled) console.error(`[build] scheduled rebuild: ${scheduled} (schedule ${JSON.stringify(rebuild.schedule)}, UTC)`);
}

if (import.meta.main) {
  try {
    await build();
  } catch (error) {
    if (!(error instanceof BuildStopped)) throw error;
    console.error(`[build] ${error.message}`);
    process.exit(1);
  }
}
