import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

/**
 * Builds the Astro site into dist/ as `npm run build` does, its documents from the snapshot that
 * snapshot-setup.ts built (it runs first).
 */
export default function setup(project: TestProject) {
  const env = { ...process.env, CATALOG_DB: project.getProvidedContext().sampleSnapshot, ASTRO_TELEMETRY_DISABLED: '1' };
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { env, stdio: 'inherit' });
}
