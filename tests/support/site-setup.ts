import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { processAlive } from '../../src/lib/file-tree.ts';

/** Where the checkout's own build waits while the tests use dist/ (beside the build's staging). */
const KEPT = '.build';
const KEPT_PREFIX = 'kept-dist-';

/** The run's site build, shared by the projects that ask for it: the snapshot it was built from. */
const shared = globalThis as typeof globalThis & { siteBuild?: { snapshot: string; users: number; kept: string | null } };

/** A build a run that died kept aside: put back before anything else. */
function restoreAfterDeadRun(): void {
  if (!existsSync(KEPT)) return;
  for (const name of readdirSync(KEPT)) {
    if (!name.startsWith(KEPT_PREFIX) || processAlive(Number(name.slice(KEPT_PREFIX.length)))) continue;
    rmSync('dist', { recursive: true, force: true });
    renameSync(join(KEPT, name), 'dist');
  }
}

/**
 * Builds the Astro site and the MCP Apps views into dist/ as `npm run build` does, its documents from the snapshot that
 * snapshot-setup.ts built (it runs first); once per run for every project that asks for it.
 * Netlify's emulation and bundler read the project's own dist/, so the tests build there; the
 * checkout's build is moved aside first and put back when the last project is done, so `npm test`
 * leaves an operator's build as it was (a server running from it serves its own copy anyway).
 */
export default function setup(project: TestProject) {
  const snapshot = project.getProvidedContext().sampleSnapshot;
  if (shared.siteBuild === undefined) {
    restoreAfterDeadRun();
    let kept: string | null = null;
    if (existsSync('dist')) {
      mkdirSync(KEPT, { recursive: true });
      kept = join(KEPT, `${KEPT_PREFIX}${process.pid}`);
      renameSync('dist', kept);
    }
    const env = { ...process.env, CATALOG_DB: snapshot, ASTRO_TELEMETRY_DISABLED: '1' };
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { env, stdio: 'inherit' });
    // The MCP Apps views, into the server build, as `npm run build` writes them (scripts/build.ts).
    execFileSync(process.execPath, ['scripts/build-views.ts', 'dist'], { env, stdio: 'inherit' });
    shared.siteBuild = { snapshot, users: 0, kept };
  }
  const build = shared.siteBuild;
  build.users += 1;
  return () => {
    build.users -= 1;
    if (build.users > 0) return;
    rmSync('dist', { recursive: true, force: true });
    if (build.kept !== null) renameSync(build.kept, 'dist');
    if (shared.siteBuild === build) shared.siteBuild = undefined;
  };
}
