import { describe, expect, it } from 'vitest';
import { INVALID_IDS } from '../../tests/support/invalid-ids.ts';
import { parseShowcaseLimit } from '../showcase/showcase-endpoint.ts';
import { MAX_ID, parseCanonicalInteger, parseIdSegment } from './ids.ts';

describe('parseIdSegment', () => {
  it('accepts canonical decimal ids from 1 to 2^53-1', () => {
    expect(parseIdSegment('1')).toBe(1);
    expect(parseIdSegment('42')).toBe(42);
    expect(parseIdSegment('9007199254740991')).toBe(MAX_ID);
  });

  it('refuses everything else, including lookalikes and overflow', () => {
    for (const segment of [...INVALID_IDS, ' 1', '1 ', '１', '٣', '1\n', '9007199254740993', '10000000000000000']) {
      expect(parseIdSegment(segment), JSON.stringify(segment)).toBeNull();
    }
  });
});

describe('one grammar for ids and the showcase limit', () => {
  const limitOf = (query: string) => parseShowcaseLimit(new URLSearchParams(query));

  it('reads the same texts as the same numbers, in the path and in the query', () => {
    for (const text of ['1', '20', '21', '500', '9007199254740991']) {
      expect(parseCanonicalInteger(text), text).toBe(Number(text));
      expect(limitOf(`limit=${text}`)?.requested, text).toBe(Number(text));
    }
  });

  it('refuses what an id refuses: leading zeros, signs, exponents, overflow (never clamped to 2^53-1)', () => {
    for (const text of ['0', '00', '01', '007', '+1', '-1', '1e3', '1.0', ' 1', '9007199254740992', '99999999999999999999', '']) {
      expect(parseCanonicalInteger(text), JSON.stringify(text)).toBeNull();
      expect(limitOf(`limit=${encodeURIComponent(text)}`), JSON.stringify(text)).toBeNull();
    }
  });

  it('clamps a valid limit above 20 and echoes it exactly; the default without one', () => {
    expect(limitOf('limit=9007199254740991')).toEqual({ requested: 9007199254740991, applied: 20, clamped: true });
    expect(limitOf('limit=7')).toEqual({ requested: 7, applied: 7, clamped: false });
    expect(limitOf('')).toEqual({ requested: null, applied: 10, clamped: false });
    // A query value is percent-decoded first, as every query value is; given twice, it is refused.
    expect(limitOf('limit=%31')).toEqual({ requested: 1, applied: 1, clamped: false });
    expect(limitOf('limit=2&limit=3')).toBeNull();
  });
});
