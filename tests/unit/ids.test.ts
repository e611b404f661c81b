import { describe, expect, it } from 'vitest';
import { MAX_ID, parseIdSegment } from '../../src/catalog/ids.ts';
import { INVALID_IDS } from '../support/invalid-ids.ts';

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
