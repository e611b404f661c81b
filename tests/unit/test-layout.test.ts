import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Tests are found by what they cover: pure unit tests beside their sources, target suites in a
 * folder per target (tests/targets/self-hosted/, tests/targets/netlify/), and no two test files
 * with one name, so a name in a failure report points at one file.
 */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function sharedNames(files: readonly string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const file of files) byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
  return [...byName.values()].filter((paths) => paths.length > 1).map((paths) => paths.join(' and '));
}

describe('test files', () => {
  const files = ['src', 'tools', 'tests'].flatMap(testFiles);

  it('have names of their own', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(sharedNames(files)).toEqual([]);
    expect(sharedNames(['src/a/x.test.ts', 'tests/b/x.test.ts', 'tests/y.test.ts'])).toEqual(['src/a/x.test.ts and tests/b/x.test.ts']);
  });

  it('of the targets sit in a folder per target', () => {
    const loose = readdirSync('tests/targets', { withFileTypes: true }).filter((entry) => !entry.isDirectory());
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });
});
