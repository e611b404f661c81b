import { describe, expect, it } from 'vitest';
import { parseCanonicalInteger } from '../catalog-read/ids.ts';
import { parseShowcaseLimit } from './showcase-endpoint.ts';

describe('parseShowcaseLimit: the grammar of an id', () => {
  const limitOf = (query: string) => parseShowcaseLimit(new URLSearchParams(query));

  it('reads the same texts as the same numbers as an id in the path', () => {
    for (const text of ['1', '20', '21', '500', '9007199254740991']) {
      expect(limitOf(`limit=${text}`)?.requested, text).toBe(Number(text));
      expect(limitOf(`limit=${text}`)?.requested, text).toBe(parseCanonicalInteger(text));
    }
  });

  it('refuses what an id refuses: leading zeros, signs, exponents, overflow (never clamped to 2^53-1)', () => {
    for (const text of ['0', '00', '01', '007', '+1', '-1', '1e3', '1.0', ' 1', '9007199254740992', '99999999999999999999', '']) {
      expect(limitOf(`limit=${encodeURIComponent(text)}`), JSON.stringify(text)).toBeNull();
    }
  });

  it('clamps a valid limit above 20 and echoes it exactly; the default without one', () => {
    expect(limitOf('limit=9007199254740991')).toEqual({ requested: 9007199254740991, applied: 20, clamped: true });
    expect(limitOf('limit=21')).toEqual({ requested: 21, applied: 20, clamped: true });
    expect(limitOf('limit=20')).toEqual({ requested: 20, applied: 20, clamped: false });
    expect(limitOf('limit=7')).toEqual({ requested: 7, applied: 7, clamped: false });
    expect(limitOf('')).toEqual({ requested: null, applied: 10, clamped: false });
    // Other parameters do not matter.
    expect(limitOf('other=5')).toEqual({ requested: null, applied: 10, clamped: false });
    // A query value is percent-decoded first, as every query value is; given twice, it is refused.
    expect(limitOf('limit=%31')).toEqual({ requested: 1, applied: 1, clamped: false });
    expect(limitOf('limit=2&limit=3')).toBeNull();
    expect(limitOf('limit=2&limit=2')).toBeNull();
  });
});
