/**
 * `npm run build`: the catalog snapshot, then the Astro site. Records what the site was built
 * with, so `npm start` can tell a stale build from a fresh one.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { firstLineNote } from '../src/app/first-line.ts';
import { BUILD_PROCESS_FLAGS } from '../src/catalog/build/build-process.ts';
import { loadConfig } from '../src/config/config.ts';
import { documentSettings } from '../src/documents/document-settings.ts';
import { bundleSizeProblem, estimateServiceBundleFor } from '../src/platform/netlify/bundle-size.ts';
import { planScheduledRebuild, RebuildScheduleError, writeScheduledRebuild } from '../src/platform/netlify/rebuild-schedule.ts';

export const BUILD_INFO = 'dist/build-info.json';

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ASTRO_TELEMETRY_DISABLED: '1', ...process.env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A build setting the operator must fix: one line, no stack. */
function stop(message: string): never {
  console.error(`[build] ${message}`);
  process.exit(1);
}

/** Netlify: REBUILD_SCHEDULE (and REBUILD_HOOK_URL) checked before any work; see docs/operations.md#scheduled-rebuilds. */
function scheduledRebuildPlan() {
  try {
    const plan = planScheduledRebuild(process.env);
    if (plan.note) console.error(`[build] ${plan.note}`);
    return plan;
  } catch (error) {
    if (error instanceof RebuildScheduleError) stop(error.message);
    throw error;
  }
}

export function build(): void {
  const config = loadConfig();
  const rebuild = scheduledRebuildPlan();
  run([...BUILD_PROCESS_FLAGS, 'scripts/build-catalog.ts']);
  // Netlify: a snapshot too large for the service Function fails here, with its figures, not at deploy.
  if (process.env.NETLIFY === 'true') {
    const problem = bundleSizeProblem(estimateServiceBundleFor(config.catalogDb));
    if (problem) stop(problem);
    // Quotas that Netlify's fixed first line would cut short: a note, not a stop (docs/operations.md).
    const note = firstLineNote(config.rateLimits);
    if (note) console.error(`[build] note: ${note}`);
  }
  run(['node_modules/astro/bin/astro.mjs', 'build']);
  const scheduled = writeScheduledRebuild(rebuild);
  if (scheduled) console.error(`[build] scheduled rebuild: ${scheduled} (schedule ${JSON.stringify(rebuild.schedule)}, UTC)`);
  writeFileSync(BUILD_INFO, `${JSON.stringify({ documents: documentSettings(config), builtAt: new Date().toISOString() }, null, 2)}\n`);
}

if (import.meta.main) build();
