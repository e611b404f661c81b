import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A snapshot of data/sample built for this run (the real build script, a real SQLite file). */
    sampleSnapshot: string;
  }
}

/**
 * The run's one sample snapshot, shared by every project that asks for it: their global setups
 * run one after another in this process before any test, and a second snapshot (another
 * generation time) would leave the site that site-setup.ts built naming a different one.
 */
const shared = globalThis as typeof globalThis & { sampleSnapshotBuild?: { snapshot: string; dir: string; users: number } };

/** Builds the sample snapshot with the project's own script, into a temporary file (data/ is left alone, its price history too). */
export default function setup(project: TestProject) {
  if (!shared.sampleSnapshotBuild) {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
    const snapshot = join(dir, 'catalog.sqlite');
    // A price history of its own: the developer's (data/price-history.sqlite) would change the figures.
    const env = {
      ...process.env,
      CATALOG_SOURCE: 'data/sample',
      CATALOG_DB: snapshot,
      PRICE_HISTORY_DB: join(dir, 'price-history.sqlite'),
    };
    execFileSync(process.execPath, ['scripts/build-catalog.ts'], { env, stdio: 'inherit' });
    shared.sampleSnapshotBuild = { snapshot, dir, users: 0 };
  }
  const build = shared.sampleSnapshotBuild;
  build.users += 1;
  project.provide('sampleSnapshot', build.snapshot);
  return () => {
    build.users -= 1;
    if (build.users > 0) return;
    rmSync(build.dir, { recursive: true, force: true });
    if (shared.sampleSnapshotBuild === build) shared.sampleSnapshotBuild = undefined;
  };
}
