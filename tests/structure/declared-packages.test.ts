import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every package the code imports is declared in package.json: one that only arrives as another
 * package's dependency can vanish or change with that package's next release.
 */
const ROOTS = ['src', 'scripts', 'tests', 'bench', 'tools', 'netlify'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return /\.(ts|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** "@scope/name/sub" → "@scope/name", "name/sub" → "name"; null for relative paths and Node's own modules. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

function importedPackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...ROOTS.flatMap(files), 'astro.config.mjs', 'vitest.config.ts']) {
    const text = readFileSync(file, 'utf8');
    // Import and export declarations at a line's start, and dynamic imports of a literal.
    for (const [, spec] of text.matchAll(/(?:^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*|^\s*import\s*|\bimport\(\s*)'([^']+)'/gm)) {
      const name = packageOf(spec!);
      if (name !== null && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

describe('package.json', () => {
  it('declares every package the code imports', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>;
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
    const imported = importedPackages();
    expect(imported.size).toBeGreaterThan(10);
    const undeclared = [...imported].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(undeclared).toEqual([]);
  });

  it('reads package names from specifiers (the check can tell them apart)', () => {
    expect(packageOf('@netlify/config')).toBe('@netlify/config');
    expect(packageOf('@astrojs/node/dist/x.js')).toBe('@astrojs/node');
    expect(packageOf('zod/v4')).toBe('zod');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('../src/x.ts')).toBeNull();
  });
});
