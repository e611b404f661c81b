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

/** Builds the sample snapshot with the project's own script, into a temporary file (data/ is left alone). */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
  const snapshot = join(dir, 'catalog.sqlite');
  const env = { ...process.env, CATALOG_SOURCE: 'data/sample', CATALOG_DB: snapshot };
  execFileSync(process.execPath, ['scripts/build-catalog.ts'], { env, stdio: 'inherit' });
  project.provide('sampleSnapshot', snapshot);
  return () => rmSync(dir, { recursive: true, force: true });
}
