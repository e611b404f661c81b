import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Tests are found by what they cover: unit tests beside their sources, each named after the module
 * it tests (x.test.ts beside x.ts), target suites in a folder per target (tests/targets/self-hosted/,
 * tests/targets/netlify/), and no two test files with one name, so a name in a failure report
 * points at one file.
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

/** The modules a sibling test may be named after: x.test.ts tests x.ts (or x.tsx, x.astro). */
const MODULE_EXTENSIONS = ['.ts', '.tsx', '.astro'];

/** The tests among `files` with no module of their name beside them. */
function namingNoModule(files: readonly string[], exists: (path: string) => boolean): string[] {
  return files.filter((file) => {
    const module = file.slice(0, -'.test.ts'.length);
    return !MODULE_EXTENSIONS.some((extension) => exists(`${module}${extension}`));
  });
}

describe('test files', () => {
  const files = ['src', 'tools', 'tests'].flatMap(testFiles);

  it('have names of their own', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(sharedNames(files)).toEqual([]);
    expect(sharedNames(['src/a/x.test.ts', 'tests/b/x.test.ts', 'tests/y.test.ts'])).toEqual(['src/a/x.test.ts and tests/b/x.test.ts']);
  });

  it('beside their sources name the module they test', () => {
    const siblings = ['src', 'tools'].flatMap(testFiles);
    expect(siblings.length).toBeGreaterThan(40);
    expect(namingNoModule(siblings, existsSync)).toEqual([]);
    const made = new Set(['src/a/x.ts', 'src/a/page.astro', 'src/a/card.tsx', 'src/a/x-more.ts', 'src/b/y.test.ts']);
    const tests = ['src/a/x.test.ts', 'src/a/page.test.ts', 'src/a/card.test.ts', 'src/a/x-less.test.ts', 'src/b/y.test.ts'];
    expect(namingNoModule(tests, (path) => made.has(path))).toEqual(['src/a/x-less.test.ts', 'src/b/y.test.ts']);
  });

  it('of the targets sit in a folder per target', () => {
    const loose = readdirSync('tests/targets', { withFileTypes: true }).filter((entry) => !entry.isDirectory());
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });
});
