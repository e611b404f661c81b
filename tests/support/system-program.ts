import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';

/*
 * Suites that need a program from Debian's packages (chromium, redis-server), which CI installs
 * with apt-get: never a stand-in, and never a silent skip.
 */

export const isExecutableFile = (path: string): boolean => {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first of `names` on PATH, or undefined. */
export function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of names)
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutableFile(path)) return path;
    }
  return undefined;
}

const inCi = () => !!process.env.CI && !['false', '0'].includes(process.env.CI.toLowerCase());

/** Said once per test file, however many blocks it skips. */
const told = new Set<string>();

export interface SystemProgram<T> {
  /** The program's path, or undefined when it is not installed. */
  executable: string | undefined;
  /** What a run without it says ("… not found: the … tests did not run (…)"). */
  missing: string;
  /** The name of the test that fails in CI without it ("finds redis-server (CI installs it)"). */
  ciTest: string;
  start(executable: string): Promise<T>;
  stop(running: T): Promise<void>;
  /** How long the start may take, when it can wait for its turn (the hook's timeout otherwise). */
  startTimeout?: number;
}

/**
 * A describe block with the program started before it and stopped after. Without the program it
 * registers one skipped test that says so and prints the same line to stderr; in CI (CI=true) a
 * missing program fails instead, since CI installs it.
 */
export function describeWithProgram<T>(name: string, program: SystemProgram<T>, fn: (running: () => T) => void): void {
  const { executable, missing } = program;
  if (!executable) {
    if (inCi()) {
      describe(name, () => {
        it(program.ciTest, () => {
          throw new Error(missing);
        });
      });
      return;
    }
    if (!told.has(missing)) process.stderr.write(`${missing}\n`);
    told.add(missing);
    describe(name, () => {
      it.skip(missing, () => {});
    });
    return;
  }
  describe(name, () => {
    let running: T | undefined;
    beforeAll(async () => {
      running = await program.start(executable);
    }, program.startTimeout);
    afterAll(async () => {
      if (running !== undefined) await program.stop(running);
    });
    fn(() => {
      if (running === undefined) throw new Error(`${executable} did not start`);
      return running;
    });
  });
}
