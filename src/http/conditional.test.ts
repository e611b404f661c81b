import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, strongEtag } from './conditional.ts';

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
