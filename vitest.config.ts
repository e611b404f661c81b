import { defineConfig } from 'vitest/config';

/*
 * Four projects, each with only the setup it needs (npm run test:unit runs the first alone):
 * - unit: no snapshot, no build; seconds. Beside their sources, each named after its module
 *   (src/http/conditional.test.ts tests src/http/conditional.ts), and the structure checks of the
 *   tree (tests/structure/: folder dependencies, test layout, declared packages).
 * - integration: real SQLite snapshots (the sample export built once), the app in-process.
 *   These two share each worker's modules between files (isolate: false): importing them again
 *   for every file was half the unit project's time. No file of theirs replaces a module or
 *   changes the environment (tests/structure/test-layout.test.ts checks it); the targets' files
 *   keep a worker each, as their servers' configuration is read into module state.
 * - targets: the built self-hosted server over real HTTP, the Netlify Function under emulation
 *   and as a bundle, the official MCP tools; needs the site build too.
 * - browser: the built site in the system's Chromium (playwright-core, no downloaded browser):
 *   screenshots, axe-core, pages without JavaScript; the same setup as targets. No maxWorkers of
 *   its own: vitest runs a project of one worker as a group apart, after every other file, and
 *   its two files then ran alone on one core at the end of the run.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Request lines only where a test reads them (it sets LOG_LEVEL=info itself).
    env: { LOG_LEVEL: 'warn' },
    hookTimeout: 120_000,
    // Three files at a time on these two cores: the target and browser files spend part of their
    // time waiting (servers starting, timeouts, a browser), and two workers left a core idle for
    // a fifth of the run. Measured in docs/benchmarks.md ("The test suite's time").
    maxWorkers: 3,
    projects: [
      // Unit tests live beside their sources; the structure checks in tests/structure/.
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['src/**/*.test.ts', 'tools/**/*.test.ts', 'tests/structure/**/*.test.ts'],
          globalSetup: ['tests/support/temp-root-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          isolate: false,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/temp-root-setup.ts', 'tests/support/snapshot-setup.ts'],
        },
      },
      {
        test: {
          name: 'targets',
          include: ['tests/targets/**/*.test.ts'],
          // The run's one hard-linked mirror of the project, for the files that bundle the functions.
          globalSetup: [
            'tests/support/temp-root-setup.ts',
            'tests/support/snapshot-setup.ts',
            'tests/support/site-setup.ts',
            'tests/support/netlify-mirror-setup.ts',
          ],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/temp-root-setup.ts', 'tests/support/snapshot-setup.ts', 'tests/support/site-setup.ts'],
        },
      },
    ],
  },
});
