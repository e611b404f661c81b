import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, strongEtag } from './conditional.ts';
import { preferredCoding, STORED_CODINGS } from './content-coding.ts';

describe('ETag', () => {
  it('is strong, stable for the same body and different for another', () => {
    const tag = strongEtag('{"a":1}');
    expect(tag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(strongEtag('{"a":1}')).toBe(tag);
    expect(strongEtag('{"a":2}')).not.toBe(tag);
  });

  it('matches If-None-Match lists with weak comparison and *', () => {
    const tag = '"abc"';
    expect(ifNoneMatchHits(null, tag)).toBe(false);
    expect(ifNoneMatchHits('"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', tag)).toBe(true);
    expect(ifNoneMatchHits(' * ', tag)).toBe(true);
    expect(ifNoneMatchHits('"abcd"', tag)).toBe(false);
    expect(ifNoneMatchHits('abc', tag)).toBe(false);
  });
});

describe('content codings a client takes', () => {
  const both = STORED_CODINGS;
  it.each([
    [null, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['BR;Q=1, GZIP', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['identity', null],
    ['gzip;q=abc, br;q=0', null],
  ] as const)('%j takes %j', (accept, coding) => {
    expect(preferredCoding(accept, both)?.coding ?? null).toBe(coding);
  });
  it('takes only a stored coding', () => {
    expect(preferredCoding('br', [STORED_CODINGS[1]])).toBeNull();
  });
});
