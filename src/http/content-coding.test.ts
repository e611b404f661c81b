import { describe, expect, it } from 'vitest';
import { preferredCoding, STORED_CODINGS } from './content-coding.ts';

const GZIP = STORED_CODINGS[1];

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
    // Brotli first at equal weights, whatever the order the client wrote them in.
    ['gzip;q=0.8, br;q=0.8', 'br'],
    // `*` stands for the codings not named, and a named one keeps its own weight.
    ['*;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.5, *', 'br'],
    ['gzip, *;q=0', 'gzip'],
    // q=0 in any spelling refuses; a weight too small to matter still takes.
    ['br;q=0.000, gzip;q=0.0', null],
    ['br;q=0.001', 'br'],
    // Spaces, empty members and other parameters are read as RFC 9110 allows.
    [' gzip ; q=0.4 , , br ; q=0.3 ', 'gzip'],
    ['br;level=11;q=0', null],
    ['compress, deflate', null],
    // x-gzip is gzip (RFC 9110 8.4.1.3), whichever name the client used, the higher weight of the two.
    ['x-gzip', 'gzip'],
    ['X-GZIP;q=0.9, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0, x-gzip;q=0.8', 'gzip'],
    ['x-gzip;q=0, *', 'br'],
  ] as const)('%j takes %j', (accept, coding) => {
    expect(preferredCoding(accept, both)?.coding ?? null).toBe(coding);
  });

  it('takes only a stored coding', () => {
    expect(preferredCoding('br', [GZIP])).toBeNull();
    expect(preferredCoding('br, gzip;q=0.1', [GZIP])).toBe(GZIP);
    expect(preferredCoding('*', [])).toBeNull();
  });
});
