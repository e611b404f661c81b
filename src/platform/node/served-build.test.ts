import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveOwnBuild } from './served-build.ts';

const root = mkdtempSync(join(tmpdir(), 'served-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function dist(): string {
  const dir = join(root, 'dist');
  const files: [string, string][] = [
    ['client/index.html', 'portal v1'],
    ['client/sitemaps/sitemap-1.xml', '<urlset/>'],
    ['server/entry.mjs', 'export {}'],
  ];
  for (const [file, text] of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("a server's own copy of the build", () => {
  it('keeps the files it started with when dist is deleted, takes up new ones when a staged copy is committed, and removes itself', () => {
    const distDir = dist();
    // A folder of a server that died (no such process) is removed by the next one to start.
    const dead = join(root, '.served', '2147483646-1');
    mkdirSync(dead, { recursive: true });
    const served = serveOwnBuild(distDir);
    expect(existsSync(dead)).toBe(false);
    const client = served.dir('client');
    expect(statSync(join(client, 'index.html')).ino).toBe(statSync(join(distDir, 'client', 'index.html')).ino);
    expect(readFileSync(join(client, 'sitemaps', 'sitemap-1.xml'), 'utf8')).toBe('<urlset/>');

    rmSync(distDir, { recursive: true });
    expect(readFileSync(join(client, 'index.html'), 'utf8')).toBe('portal v1');
    expect(readFileSync(join(served.dir('server'), 'entry.mjs'), 'utf8')).toBe('export {}');
    // Staging without a build to link from fails and changes nothing.
    expect(() => served.stage('client')).toThrow();

    dist();
    writeFileSync(join(distDir, 'client', 'index.html'), 'portal v2');
    // A staged copy that is discarded is gone, and the server's copy is the one it had.
    const discarded = served.stage('client');
    expect(readFileSync(join(discarded.dir, 'index.html'), 'utf8')).toBe('portal v2');
    discarded.discard();
    expect(existsSync(dirname(discarded.dir))).toBe(false);
    expect(served.dir('client')).toBe(client);
    const relinked = served.stage('client').commit();
    expect(served.dir('client')).toBe(relinked);
    expect(relinked).not.toBe(client);
    expect(readFileSync(join(relinked, 'index.html'), 'utf8')).toBe('portal v2');
    expect(existsSync(client)).toBe(false);
    served.remove();
    expect(existsSync(relinked)).toBe(false);
    expect(existsSync(served.dir('server'))).toBe(false);
  });
});
