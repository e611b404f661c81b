import { describe, expect, it } from 'vitest';
import { cursorKey, makeCursor, readCursor, SEARCH_DEPTH, searchDigest } from './search-cursor.ts';

const secret = 's'.repeat(43);
const search = searchDigest({ query: 'fone', limit: 10 });
const expected = { catalogVersion: 'v1', search };
const NOT_OURS = /^This cursor is not one this search made/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The part with its last character changed in the bits no byte uses: Node decodes it to the same bytes. */
const sameBytesOtherText = (part: string) => {
  const last = BASE64URL.indexOf(part.at(-1)!);
  return `${part.slice(0, -1)}${BASE64URL[last ^ 1]}`;
};

describe('search cursors', () => {
  it('reads back the offset of a cursor it made for the same search and catalog', () => {
    expect(readCursor([secret], makeCursor(secret, { ...expected, offset: 20 }), expected)).toEqual({ offset: 20 });
  });

  it('digests the arguments whatever their order, leaving the cursor and undefined ones out', () => {
    expect(searchDigest({ limit: 10, query: 'fone', cursor: 'x', brand: undefined })).toBe(search);
    expect(searchDigest({ query: 'fone', limit: 5 })).not.toBe(search);
  });

  it('derives the key from the secret and the catalog version alone: a rebuild of the same content and another instance agree', () => {
    expect(cursorKey(secret, 'v1').equals(cursorKey('s'.repeat(43), 'v1'))).toBe(true);
    expect(cursorKey(secret, 'v1').equals(cursorKey(secret, 'v2'))).toBe(false);
    expect(cursorKey(secret, 'v1').equals(cursorKey('t'.repeat(43), 'v1'))).toBe(false);
    // Made by one process, read by another with the same secret (nothing else is shared).
    const cursor = makeCursor(secret, { ...expected, offset: 10 });
    expect(readCursor(['s'.repeat(43)], cursor, { catalogVersion: 'v1', search })).toEqual({ offset: 10 });
    expect(readCursor(['t'.repeat(43)], cursor, expected)).toEqual({ error: expect.stringMatching(NOT_OURS) });
  });

  it('accepts a cursor signed with any secret it is given, and signs with the first', () => {
    const own = 'o'.repeat(43);
    const cursor = makeCursor(own, { ...expected, offset: 10 });
    expect(readCursor([secret, own], cursor, expected)).toEqual({ offset: 10 });
    expect(readCursor([secret], cursor, expected)).toEqual({ error: expect.stringMatching(NOT_OURS) });
  });

  it('refuses a cursor altered, made with another secret, cut or made up', () => {
    const cursor = makeCursor(secret, { ...expected, offset: 20 });
    const [payload, signature] = cursor.split('.');
    // The payload says offset 30 now, under the old signature.
    const moved = `${Buffer.from(JSON.stringify(['v1', search, 30])).toString('base64url')}.${signature}`;
    for (const bad of [moved, makeCursor('other-secret', { ...expected, offset: 20 }), payload!, `${cursor}.x`, 'garbage', '', '.']) {
      expect(readCursor([secret], bad, expected), bad).toEqual({ error: expect.stringMatching(NOT_OURS) });
    }
  });

  it('reads strictly: a character added, or changed where the decoder would not notice, is not the same cursor', () => {
    const cursor = makeCursor(secret, { ...expected, offset: 20 });
    const [payload, signature] = cursor.split('.') as [string, string];
    // What Node's base64url decoder makes of these is the cursor's own bytes.
    const lenient = [
      `${cursor}!`,
      `${cursor}=`,
      `${cursor}==`,
      `${cursor}.`,
      `${payload}=.${signature}`,
      `${payload}!.${signature}`,
      ` ${cursor}`,
      `${payload}.${signature.slice(0, 10)}\n${signature.slice(10)}`,
      `${payload}.${sameBytesOtherText(signature)}`,
    ];
    expect(Buffer.from(sameBytesOtherText(signature), 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    for (const bad of lenient) {
      expect(readCursor([secret], bad, expected), bad).toEqual({ error: expect.stringMatching(NOT_OURS) });
    }
  });

  it('tells a foreign, a stale and a too-deep cursor apart, and a stale one only when it is genuine', () => {
    const foreign = makeCursor(secret, { catalogVersion: 'v1', search: searchDigest({ query: 'tv' }), offset: 10 });
    expect(readCursor([secret], foreign, expected)).toEqual({
      error: expect.stringMatching(/^This cursor belongs to a search with other arguments/),
    });
    // After a rebuild of other content the version, so the key, is another: the old cursor verifies under its own version's key.
    const stale = makeCursor(secret, { catalogVersion: 'v0', search, offset: 10 });
    expect(readCursor([secret], stale, expected)).toEqual({
      error: 'This cursor is from an earlier version of the catalog (it was rebuilt since). Search again without cursor.',
    });
    // Naming an earlier version is not enough: signed with another secret, it is not ours.
    expect(readCursor([secret], makeCursor('other-secret', { catalogVersion: 'v0', search, offset: 10 }), expected)).toEqual({
      error: expect.stringMatching(NOT_OURS),
    });
    const deep = makeCursor(secret, { ...expected, offset: SEARCH_DEPTH });
    expect(readCursor([secret], deep, expected)).toEqual({ error: expect.stringMatching(/^Pages stop at 50 results/) });
  });
});
