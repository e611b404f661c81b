import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The schemas in tests/schemas/ are copies of what their owners publish: each is listed in its
 * folder's README with its source and sha256, and is still the file that was copied. A subfolder
 * with a README of its own (tests/schemas/ucp/, a release's schemas in their upstream layout, and
 * its licence) lists the files below it, at any depth, by their paths from it.
 */
const DIR = 'tests/schemas';

/** The README's table: file name → sha256 (its first and last backquoted cells). */
function listed(readme: string): Map<string, string> {
  const rows = readme.split('\n').flatMap((line) => {
    const cells = line.match(/^\|\s*`([^`]+)`\s*\|.*\|\s*`([0-9a-f]{64})`\s*\|$/);
    return cells === null ? [] : [[cells[1]!, cells[2]!] as const];
  });
  return new Map(rows);
}

/** The files a folder's README answers for: all below it but READMEs, and the folders with their own. */
function copiesIn(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return existsSync(join(dir, path, 'README.md')) ? [] : copiesIn(dir, `${path}/`);
    return entry.name === 'README.md' ? [] : [path];
  });
}

/** The folders with a README: tests/schemas and those of its subfolders that list their own files. */
function listingFolders(dir: string): string[] {
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => listingFolders(join(dir, entry.name)));
  return existsSync(join(dir, 'README.md')) ? [dir, ...below] : below;
}

describe('the schema copies in tests/schemas', () => {
  const folders = listingFolders(DIR);
  const tables = new Map(folders.map((folder) => [folder, listed(readFileSync(`${folder}/README.md`, 'utf8'))]));

  it('lists every schema file with its source, and each file is the copy whose sha256 it states', () => {
    expect(folders).toEqual([DIR, `${DIR}/ucp`]);
    for (const [folder, table] of tables) {
      expect([...table.keys()].sort(), folder).toEqual(copiesIn(folder).sort());
      for (const [file, sha256] of table) {
        expect(
          createHash('sha256')
            .update(readFileSync(`${folder}/${file}`))
            .digest('hex'),
          `${folder}/${file}`,
        ).toBe(sha256);
      }
    }
  });

  it('reads the tables it checks (the check can fail)', () => {
    expect(tables.get(DIR)?.size).toBe(4);
    expect(tables.get(`${DIR}/ucp`)?.size).toBe(40);
    expect(copiesIn(`${DIR}/ucp`)).toContain('schemas/shopping/types/product.json');
    expect(copiesIn(DIR)).not.toContain('ucp/LICENSE');
    const zeros = '0'.repeat(64);
    expect(listed(`| \`a.json\` | x | y | \`${zeros}\` |`)).toEqual(new Map([['a.json', zeros]]));
  });
});
