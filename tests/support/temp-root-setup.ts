import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory the shared test helpers make their temporary directories in (temp-dirs.ts). */
    testTempRoot: string;
    /** The run's directory for what files of several projects share (generated-catalog.ts): removed when the run ends. */
    runSharedRoot: string;
  }
}

/** The run's shared directory, made by the first project's setup (global setups share the main process). */
const shared = globalThis as typeof globalThis & { runShared?: { root: string; users: number } };

/** One temporary root per project and run, removed whole when the project's tests end; and the run's shared one. */
export default function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), `tests-${project.name}-`));
  project.provide('testTempRoot', root);
  shared.runShared ??= { root: mkdtempSync(join(tmpdir(), 'tests-shared-')), users: 0 };
  const run = shared.runShared;
  mkdirSync(run.root, { recursive: true });
  run.users += 1;
  project.provide('runSharedRoot', run.root);
  return () => {
    rmSync(root, { recursive: true, force: true });
    run.users -= 1;
    if (run.users > 0) return;
    rmSync(run.root, { recursive: true, force: true });
    if (shared.runShared === run) shared.runShared = undefined;
  };
}
