import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A snapshot of data/sample built for this run (the real build script, real SQLite file). */
    sampleSnapshot: string;
  }
}

/**
 * Builds what the contract suites run against, with the project's own scripts: the sample
 * snapshot (into a temporary file, leaving data/ alone) and the Astro site in dist/, exactly as
 * `npm run build` does.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
  const snapshot = join(dir, 'catalog.sqlite');
  const env = { ...process.env, CATALOG_SOURCE: 'data/sample', CATALOG_DB: snapshot, ASTRO_TELEMETRY_DISABLED: '1' };
  execFileSync(process.execPath, ['scripts/build-catalog.ts'], { env, stdio: 'inherit' });
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { env, stdio: 'inherit' });
  project.provide('sampleSnapshot', snapshot);
  return () => rmSync(dir, { recursive: true, force: true });
}
