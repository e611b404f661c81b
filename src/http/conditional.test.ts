import { describe, expect, it } from 'vitest';
import type { RequestFacts } from './answer.ts';
import { conditionalAnswer, ifNoneMatchHits, strongEtag } from './conditional.ts';

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

describe('conditionalAnswer', () => {
  const facts = (method: string, ifNoneMatch: string | null = null): RequestFacts => ({
    method,
    pathname: '/gpt/products.json',
    search: '',
    client: { address: null },
    header: (name) => (name === 'if-none-match' ? ifNoneMatch : null),
  });
  const body = '{"a":"é"}';
  const etag = strongEtag(body);

  it("answers GET with the body, HEAD without it but with GET's Content-Length, a match with 304", () => {
    expect(conditionalAnswer(facts('GET'), etag, { ETag: etag }, body)).toEqual({ status: 200, headers: { ETag: etag }, body });
    expect(conditionalAnswer(facts('HEAD'), etag, { ETag: etag }, body)).toEqual({
      status: 200,
      headers: { ETag: etag, 'Content-Length': '10' },
      body: null,
    });
    expect(conditionalAnswer(facts('HEAD', etag), etag, { ETag: etag }, body)).toEqual({
      status: 304,
      headers: { ETag: etag },
      body: null,
    });
  });
});
