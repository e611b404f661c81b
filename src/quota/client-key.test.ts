import { describe, expect, it } from 'vitest';
import { parseQuotaNetworks } from '../config/quota-networks.ts';
import { quotaClient } from './client-key.ts';

describe('whom a quota counts', () => {
  const parsed = parseQuotaNetworks('claude x5 160.79.104.0/21 2607:6bc0::/48');
  if ('problem' in parsed) throw new Error(parsed.problem);
  const networks = parsed;

  it('an address in a named network counts as that network, whatever address in it', () => {
    for (const address of ['160.79.104.1', '160.79.111.255', '::ffff:160.79.104.9', '2607:6bc0::1', '2607:6bc0:0:ffff::2']) {
      expect(quotaClient(address, networks, 56)).toEqual({ network: networks[0] });
    }
    expect(quotaClient('160.79.112.0', networks, 56)).toEqual({ address: '160.79.112.0' });
    expect(quotaClient('2607:6bc1::1', networks, 56)).toEqual({ address: '2607:6bc1:0:0::/56' });
  });

  it('an IPv6 client by its network of the prefix set (/56 by default), an IPv4-mapped one as IPv4, anything else as given', () => {
    // One end site's /56 (RFC 6177): its 256 /64s are one client.
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:0::1', '2001:0db8:0001:00ff:ffff:ffff:ffff:ffff'])
      expect(quotaClient(address, [], 56), address).toEqual({ address: '2001:db8:1:0::/56' });
    expect(quotaClient('2001:db8:1:100::1', [], 56)).toEqual({ address: '2001:db8:1:100::/56' });
    expect(quotaClient('2001:db8:1:2::1', [], 64)).toEqual({ address: '2001:db8:1:2::/64' });
    expect(quotaClient('2001:db8:1:3::1', [], 64)).toEqual({ address: '2001:db8:1:3::/64' });
    expect(quotaClient('2001:db8:1:3::1', [], 48)).toEqual({ address: '2001:db8:1::/48' });
    expect(quotaClient('2001:db8:ffff:3::1', [], 33)).toEqual({ address: '2001:db8:8000::/33' });
    expect(quotaClient('fe80::1%eth0', [], 56)).toEqual({ address: 'fe80:0:0:0::/56' });
    expect(quotaClient('::ffff:192.0.2.7', [], 56)).toEqual({ address: '192.0.2.7' });
    expect(quotaClient('::ffff:c000:207', [], 56)).toEqual({ address: '192.0.2.7' });
    expect(quotaClient('192.0.2.7', [], 56)).toEqual({ address: '192.0.2.7' });
    expect(quotaClient('unknown', [], 56)).toEqual({ address: 'unknown' });
  });
});
