import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkTree } from './file-tree.ts';

describe('linkTree', () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-tree-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('mirrors a folder reached through a symlink (a worktree whose node_modules is one) as real folders, inner symlinks kept', () => {
    const real = join(dir, 'elsewhere', 'node_modules');
    mkdirSync(join(real, 'pkg', 'lib'), { recursive: true });
    mkdirSync(join(real, '.bin'));
    writeFileSync(join(real, 'pkg', 'lib', 'index.js'), 'export {};\n');
    symlinkSync('../pkg/lib/index.js', join(real, '.bin', 'pkg'));
    mkdirSync(join(dir, 'checkout'));
    // Relative, as a worktree beside the main checkout links it.
    symlinkSync('../elsewhere/node_modules', join(dir, 'checkout', 'node_modules'));

    linkTree(join(dir, 'checkout', 'node_modules'), join(dir, 'mirror', 'node_modules'));
    const mirrored = join(dir, 'mirror', 'node_modules');
    expect(lstatSync(mirrored).isDirectory()).toBe(true);
    expect(lstatSync(join(mirrored, 'pkg', 'lib')).isDirectory()).toBe(true);
    expect(readFileSync(join(mirrored, 'pkg', 'lib', 'index.js'), 'utf8')).toBe('export {};\n');
    expect(readlinkSync(join(mirrored, '.bin', 'pkg'))).toBe('../pkg/lib/index.js');
    expect(readFileSync(join(mirrored, '.bin', 'pkg'), 'utf8')).toBe('export {};\n');
  });
});
