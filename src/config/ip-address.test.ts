import { describe, expect, it } from 'vitest';
import { forwardedAddress } from './ip-address.ts';

describe('X-Forwarded-For read strictly', () => {
  it('gives one canonical address for each way a proxy writes one, and null for anything else', () => {
    for (const [text, address] of [
      ['9.9.9.9', '9.9.9.9'],
      ['009.9.9.009', '9.9.9.9'],
      [' 9.9.9.9:1234 ', '9.9.9.9'],
      ['::ffff:9.9.9.9', '9.9.9.9'],
      ['[2001:DB8::3]:443', '2001:db8::3'],
      ['[2001:db8::3]', '2001:db8::3'],
      ['2001:db8::3', '2001:db8::3'],
      ['fe80::1%eth0', 'fe80::1'],
    ] as const)
      expect(forwardedAddress(text), text).toBe(address);
    for (const text of [
      '',
      ' ',
      'garbage',
      'unknown',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '[::1',
      '::1]:80',
      '2001:db8::3:443:x',
      'a.b.c.d',
    ])
      expect(forwardedAddress(text), text).toBeNull();
  });
});
