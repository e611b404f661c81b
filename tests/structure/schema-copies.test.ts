import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The schemas in tests/schemas/ are copies of what their owners publish: each is listed in the
 * folder's README with its source and sha256, and is still the file that was copied.
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

describe('the schema copies in tests/schemas', () => {
  const table = listed(readFileSync(`${DIR}/README.md`, 'utf8'));

  it('lists every schema file with its source, and each file is the copy whose sha256 it states', () => {
    const files = readdirSync(DIR).filter((name) => name !== 'README.md');
    expect([...table.keys()].sort()).toEqual(files.sort());
    for (const [file, sha256] of table) {
      expect(
        createHash('sha256')
          .update(readFileSync(`${DIR}/${file}`))
          .digest('hex'),
        file,
      ).toBe(sha256);
    }
  });

  it('reads the table it checks (the check can fail)', () => {
    expect(table.size).toBe(4);
    const zeros = '0'.repeat(64);
    expect(listed(`| \`a.json\` | x | y | \`${zeros}\` |`)).toEqual(new Map([['a.json', zeros]]));
  });
});
