import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/*
 * Temporary directories of the shared test helpers (exports, quota files), made in the run's
 * temporary root (temp-root-setup.ts), which is removed when the project's tests end: a suite that
 * does not clean up after a helper leaves nothing behind.
 */

/** A new directory in the run's temporary root. */
export const testTempDir = (prefix: string): string => mkdtempSync(join(inject('testTempRoot'), prefix));
