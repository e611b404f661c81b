import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentsVersion, versionMismatch } from './documents-version.ts';

describe('documentsVersion and versionMismatch', () => {
  it("reads the manifest's catalog version, and refuses documents of another version or none", () => {
    const dir = mkdtempSync(join(tmpdir(), 'documents-version-'));
    try {
      expect(documentsVersion(dir)).toBeNull();
      writeFileSync(join(dir, 'gpt.json'), '{"catalogVersion":"aaaa"}');
      expect(documentsVersion(dir)).toBe('aaaa');
      writeFileSync(join(dir, 'gpt.json'), '{"catalogVersion":');
      expect(documentsVersion(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(versionMismatch('aaaa', 'aaaa')).toBeNull();
    expect(versionMismatch('aaaa', 'bbbb')).toMatch(
      /^a rebuild was not taken up: its documents state catalog version aaaa but the snapshot at CATALOG_DB is bbbb/,
    );
    expect(versionMismatch(null, 'bbbb')).toMatch(/state no catalog version/);
  });
});
