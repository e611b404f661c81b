import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NODE_FS, PlacementFailed, type PlacementFs, putInPlace, type Staged } from './put-in-place.ts';

let root: string;
let staged: Staged;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'put-in-place-'));
  const dist = join(root, 'dist');
  staged = {
    documents: join(dist, '.documents-t1'),
    clientDir: join(dist, 'client'),
    snapshot: join(root, '.catalog.sqlite.next-t1'),
    catalogDb: join(root, 'catalog.sqlite'),
    tag: 't1',
  };
  mkdirSync(join(staged.clientDir, 'sitemaps'), { recursive: true });
  mkdirSync(staged.documents, { recursive: true });
  writeFileSync(join(staged.clientDir, 'gpt.json'), 'old manifest');
  writeFileSync(join(staged.clientDir, 'sitemaps', 'sitemap-2.xml'), 'old child');
  writeFileSync(join(staged.documents, 'gpt.json'), 'new manifest');
  writeFileSync(join(staged.documents, 'llms.txt'), 'new llms');
  writeFileSync(staged.catalogDb, 'old snapshot');
  writeFileSync(staged.snapshot, 'new snapshot');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (...path: string[]) => (existsSync(join(...path)) ? readFileSync(join(...path), 'utf8') : null);
const failing = (when: (op: string, to: string) => boolean): PlacementFs => ({
  ...NODE_FS,
  rename: (from, to) => {
    if (when('rename', to)) throw Object.assign(new Error('EIO'), { code: 'EIO' });
    NODE_FS.rename(from, to);
  },
});

describe('putInPlace', () => {
  it('puts documents and snapshot in place, removes a stale child sitemap, signals, and leaves nothing staged', () => {
    expect(putInPlace(staged)).toEqual({ documents: 2, unsignalled: null });
    expect([read(staged.clientDir, 'gpt.json'), read(staged.clientDir, 'llms.txt'), read(staged.catalogDb)]).toEqual([
      'new manifest',
      'new llms',
      'new snapshot',
    ]);
    expect(read(staged.clientDir, 'sitemaps', 'sitemap-2.xml')).toBeNull();
    expect(existsSync(`${staged.catalogDb}.takeup`)).toBe(true);
    expect(readdirSync(join(root, 'dist')).sort()).toEqual(['client']);
    expect(readdirSync(root).sort()).toEqual(['catalog.sqlite', 'catalog.sqlite.takeup', 'dist']);
  });

  it('moves every document back when the snapshot cannot be renamed: nothing changed', () => {
    expect(() =>
      putInPlace(
        staged,
        failing((op, to) => op === 'rename' && to === staged.catalogDb),
      ),
    ).toThrow(/^the snapshot could not be renamed into place \(EIO\); the documents were moved back: nothing was changed$/);
    expect([
      read(staged.clientDir, 'gpt.json'),
      read(staged.clientDir, 'llms.txt'),
      read(staged.clientDir, 'sitemaps', 'sitemap-2.xml'),
    ]).toEqual(['old manifest', null, 'old child']);
    expect(read(staged.catalogDb)).toBe('old snapshot');
    expect(readdirSync(join(root, 'dist'))).toEqual(['client']);
  });

  it('keeps the old documents it could not move back, and says where', () => {
    let failure: unknown;
    try {
      // The snapshot's rename fails, and so does moving the old manifest back.
      putInPlace(
        staged,
        failing(
          (op, to) =>
            op === 'rename' && (to === staged.catalogDb || (to === join(staged.clientDir, 'gpt.json') && read(to) === 'new manifest')),
        ),
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(PlacementFailed);
    expect((failure as PlacementFailed).restored).toBe(false);
    const kept = join(root, 'dist', '.documents-t1-replaced');
    expect((failure as Error).message).toContain(`the old ones are kept in ${kept}`);
    expect(read(kept, 'gpt.json')).toBe('old manifest');
  });
});
