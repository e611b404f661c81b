import { describe, expect, it } from 'vitest';
import { INVALID_IDS } from '../../tests/support/invalid-ids.ts';
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

describe('parseCanonicalInteger', () => {
  it('reads canonical texts as their numbers', () => {
    for (const text of ['1', '20', '21', '500', '9007199254740991']) expect(parseCanonicalInteger(text), text).toBe(Number(text));
  });

  it('refuses leading zeros, signs, exponents, overflow (never clamped to 2^53-1)', () => {
    for (const text of ['0', '00', '01', '007', '+1', '-1', '1e3', '1.0', ' 1', '9007199254740992', '99999999999999999999', '']) {
      expect(parseCanonicalInteger(text), JSON.stringify(text)).toBeNull();
    }
  });
});
