import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

/** The snapshot dist/ was last built from in this run: projects sharing it share the build. */
const shared = globalThis as typeof globalThis & { siteBuiltFrom?: string };

/**
 * Builds the Astro site into dist/ as `npm run build` does, its documents from the snapshot that
 * snapshot-setup.ts built (it runs first); once per run for every project that asks for it.
 */
export default function setup(project: TestProject) {
  const snapshot = project.getProvidedContext().sampleSnapshot;
  if (shared.siteBuiltFrom === snapshot) return;
  const env = { ...process.env, CATALOG_DB: snapshot, ASTRO_TELEMETRY_DISABLED: '1' };
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { env, stdio: 'inherit' });
  shared.siteBuiltFrom = snapshot;
}
