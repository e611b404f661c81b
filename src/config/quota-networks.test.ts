import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { parseQuotaNetworks } from './quota-networks.ts';

const networksOf = (value: string) => {
  const parsed = parseQuotaNetworks(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
};

describe('RATE_LIMIT_NETWORKS', () => {
  it('reads named networks with their multiplier and ranges, IPv4 and IPv6, in canonical form', () => {
    const networks = networksOf(
      ' chatgpt x20 23.102.140.112/28 13.66.11.96/28 ;claude  x5 160.79.104.0/21 2607:6BC0:0:0::/48 34.162.46.92; ',
    );
    expect(networks.map(({ name, multiplier, cidrs }) => ({ name, multiplier, cidrs }))).toEqual([
      { name: 'chatgpt', multiplier: 20, cidrs: ['23.102.140.112/28', '13.66.11.96/28'] },
      { name: 'claude', multiplier: 5, cidrs: ['160.79.104.0/21', '2607:6bc0::/48', '34.162.46.92/32'] },
    ]);
    expect(networksOf('')).toEqual([]);
    expect(loadConfig({}).rateLimits.networks).toEqual([]);
  });

  it.each([
    ['Claude x20 10.0.0.0/8', /not a network name/],
    ['claude 20 10.0.0.0/8', /not a multiplier like "x20"/],
    ['claude x0 10.0.0.0/8', /not a multiplier/],
    ['claude x20', /no address ranges/],
    ['claude x20 10.0.0.0/33', /prefix length must be 0 to 32/],
    ['claude x20 2001:db8::/129', /prefix length must be 0 to 128/],
    ['claude x20 10.0.0.1/8', /bits set past \/8; write the network's first address/],
    ['claude x20 10.0.0.0/08', /prefix length/],
    ['claude x20 example.com', /not an IPv4 or IPv6 address/],
    ['claude x20 10.0.0.0/8/1', /not an IPv4 or IPv6 address/],
    ['claude x20 fe80::1%eth0', /not an IPv4 or IPv6 address/],
    ['a x2 10.0.0.0/8; a x3 11.0.0.0/8', /given twice/],
    ['a x2 10.0.0.0/8; b x3 10.1.0.0/16', /10.1.0.0\/16 overlaps a range of "a"/],
    ['a x2 10.0.0.0/8 10.0.0.0/8', /overlaps a range of "a"/],
  ])('refuses %j at start, naming the problem', (value, message) => {
    expect(() => loadConfig({ RATE_LIMIT_NETWORKS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_NETWORKS: value })).toThrow(message);
  });
});
