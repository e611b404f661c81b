import { describe, expect, it } from 'vitest';
import { makeCursor, readCursor, SEARCH_DEPTH, searchDigest } from './search-cursor.ts';

const key = 'k'.repeat(43);
const search = searchDigest({ query: 'fone', limit: 10 });
const expected = { catalogVersion: 'v1', search };

describe('search cursors', () => {
  it('reads back the offset of a cursor it made for the same search and catalog', () => {
    expect(readCursor(key, makeCursor(key, { ...expected, offset: 20 }), expected)).toEqual({ offset: 20 });
  });

  it('digests the arguments whatever their order, leaving the cursor and undefined ones out', () => {
    expect(searchDigest({ limit: 10, query: 'fone', cursor: 'x', brand: undefined })).toBe(search);
    expect(searchDigest({ query: 'fone', limit: 5 })).not.toBe(search);
  });

  it('refuses a cursor altered, made with another key, cut or made up', () => {
    const cursor = makeCursor(key, { ...expected, offset: 20 });
    const [payload, signature] = cursor.split('.');
    // The payload says offset 30 now, under the old signature.
    const moved = `${Buffer.from(JSON.stringify(['v1', search, 30])).toString('base64url')}.${signature}`;
    for (const bad of [moved, makeCursor('other-key', { ...expected, offset: 20 }), payload!, `${cursor}.x`, 'garbage', '', '.']) {
      expect(readCursor(key, bad, expected), bad).toEqual({ error: expect.stringMatching(/^This cursor is not one this search made/) });
    }
  });

  it('tells a foreign, a stale and a too-deep cursor apart', () => {
    const foreign = makeCursor(key, { catalogVersion: 'v1', search: searchDigest({ query: 'tv' }), offset: 10 });
    expect(readCursor(key, foreign, expected)).toEqual({
      error: expect.stringMatching(/^This cursor belongs to a search with other arguments/),
    });
    // After a rebuild the key is new too: the old cursor does not verify, and its version says why.
    const stale = makeCursor('old-key', { catalogVersion: 'v0', search, offset: 10 });
    expect(readCursor(key, stale, expected)).toEqual({ error: expect.stringMatching(/earlier version of the catalog/) });
    const deep = makeCursor(key, { ...expected, offset: SEARCH_DEPTH });
    expect(readCursor(key, deep, expected)).toEqual({ error: expect.stringMatching(/^Pages stop at 50 results/) });
  });

  it('verifies nothing without a key (a snapshot that has none)', () => {
    expect(readCursor('', makeCursor('', { ...expected, offset: 10 }), expected)).toHaveProperty('error');
  });
});
