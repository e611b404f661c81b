import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * What a test file may not do when it shares its worker's modules with the files before it (the
 * unit and integration projects run with `isolate: false`, vitest.config.ts): replace a module,
 * or change the process's environment or globals for the files after it.
 */
const SHARED_WORKER_HAZARDS = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/,
  /\bdelete process\.env/,
];

function sharingHazards(files: readonly string[], read: (path: string) => string): string[] {
  return files.filter((file) => SHARED_WORKER_HAZARDS.some((hazard) => hazard.test(read(file))));
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

  it('of the projects that share a worker leave its modules and environment as they found them', () => {
    // This file names the hazards as its examples' text.
    const shared = ['src', 'tools', 'tests/structure', 'tests/integration']
      .flatMap(testFiles)
      .filter((file) => !file.endsWith('test-layout.test.ts'));
    expect(sharingHazards(shared, (path) => readFileSync(path, 'utf8'))).toEqual([]);
    const texts: Record<string, string> = {
      'a.test.ts': "vi.mock('./x.ts')",
      'b.test.ts': "process.env.LOG_LEVEL = 'info'",
      'c.test.ts': "process.env['X'] = '1'",
      'd.test.ts': 'delete process.env.X',
      'e.test.ts': "expect(process.env.X === '1')",
      'f.test.ts': "const env = { ...process.env, X: '1' }",
    };
    expect(sharingHazards(Object.keys(texts), (path) => texts[path]!)).toEqual(['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts']);
  });

  it('of the targets sit in a folder per target', () => {
    const loose = readdirSync('tests/targets', { withFileTypes: true }).filter((entry) => !entry.isDirectory());
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });
});
