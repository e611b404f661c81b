import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory the shared test helpers make their temporary directories in (temp-dirs.ts). */
    testTempRoot: string;
  }
}

/** One temporary root per project and run, removed whole when the project's tests end. */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), `tests-${project.name}-`));
  project.provide('testTempRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
