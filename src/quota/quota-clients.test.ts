import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseList } from 'structured-headers';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.ts';
import { forwardedAddress } from '../config/ip-address.ts';
import { parseQuotaNetworks } from '../config/quota-networks.ts';
import { clientKey, quotaClient } from './client-key.ts';
import { FallbackQuotaStore } from './fallback-quota-store.ts';
import { LocalQuotaStore } from './local-quota-store.ts';
import { MemoryQuotaStore } from './memory-quota-store.ts';
import { rateLimitPolicy, rateLimitSummary } from './policy.ts';
import { createQuotaGate } from './quota-gate.ts';
import type { QuotaStore } from './quota-store.ts';
import { createRateLimiter } from './rate-limiter.ts';

const dir = mkdtempSync(join(tmpdir(), 'quota-clients-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const networksOf = (value: string) => {
  const parsed = parseQuotaNetworks(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed;
};

/** The r parameter of each RateLimit member, by policy. */
const remaining = (field: string) => Object.fromEntries(parseList(field).map(([name, params]) => [String(name), params.get('r')]));

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

describe('whom a quota counts', () => {
  const networks = networksOf('claude x5 160.79.104.0/21 2607:6bc0::/48');

  it('an address in a named network counts as that network, whatever address in it', () => {
    for (const address of ['160.79.104.1', '160.79.111.255', '::ffff:160.79.104.9', '2607:6bc0::1', '2607:6bc0:0:ffff::2']) {
      expect(quotaClient(address, networks)).toEqual({ network: networks[0] });
    }
    expect(quotaClient('160.79.112.0', networks)).toEqual({ address: '160.79.112.0' });
    expect(quotaClient('2607:6bc1::1', networks)).toEqual({ address: '2607:6bc1:0:0::/64' });
  });

  it('an IPv6 client by its /64, an IPv4-mapped one as IPv4, anything else as given', () => {
    expect(quotaClient('2001:db8:1:2::1', [])).toEqual({ address: '2001:db8:1:2::/64' });
    expect(quotaClient('2001:0db8:0001:0002:ffff:ffff:ffff:ffff', [])).toEqual({ address: '2001:db8:1:2::/64' });
    expect(quotaClient('2001:db8:1:3::1', [])).toEqual({ address: '2001:db8:1:3::/64' });
    expect(quotaClient('fe80::1%eth0', [])).toEqual({ address: 'fe80:0:0:0::/64' });
    expect(quotaClient('::ffff:192.0.2.7', [])).toEqual({ address: '192.0.2.7' });
    expect(quotaClient('::ffff:c000:207', [])).toEqual({ address: '192.0.2.7' });
    expect(quotaClient('192.0.2.7', [])).toEqual({ address: '192.0.2.7' });
    expect(quotaClient('unknown', [])).toEqual({ address: 'unknown' });
  });

  it('the gate: a network shares one count with its multiplied quota; a /64 shares one count', async () => {
    const limits = loadConfig({
      RATE_LIMIT_REST: '3',
      RATE_LIMIT_SALT: 'a-salt-of-sixteen-chars',
      RATE_LIMIT_NETWORKS: 'claude x5 160.79.104.0/21',
    }).rateLimits;
    const gate = createQuotaGate(limits, new MemoryQuotaStore())!;
    const use = async (address: string) => gate.rest({ address }, null);
    // 15 requests from 15 addresses of the network, then the 16th is refused, from any of them.
    for (let i = 1; i <= 15; i++) expect((await use(`160.79.104.${i}`)).allowed).toBe(true);
    const refused = await use('160.79.110.200');
    expect(refused.allowed).toBe(false);
    expect(refused.headers['RateLimit-Policy']).toBe('"rest";q=15;w=60');
    // Outside it, the default quota per address.
    for (let i = 0; i < 3; i++) expect((await use('198.51.100.1')).allowed).toBe(true);
    expect((await use('198.51.100.1')).allowed).toBe(false);
    expect((await use('198.51.100.2')).allowed).toBe(true);
    // IPv6: one /64, one count.
    for (const host of ['1', '2', 'abcd:1']) expect((await use(`2001:db8:0:7::${host}`)).allowed).toBe(true);
    expect((await use('2001:db8:0:7:ffff::9')).allowed).toBe(false);
    expect((await use('2001:db8:0:8::1')).allowed).toBe(true);
  });

  it('the documents state the networks and their quotas', () => {
    const limits = loadConfig({ RATE_LIMIT_NETWORKS: 'claude x5 160.79.104.0/21' }).rateLimits;
    expect(rateLimitPolicy(limits).sharedNetworks).toEqual([
      {
        name: 'claude',
        addressRanges: ['160.79.104.0/21'],
        multiplier: 5,
        restRequestsPerWindow: 600,
        mcpToolCallsPerWindow: 300,
        mcpRequestsPerWindow: 1200,
        distinctProductIds: 500,
      },
    ]);
    expect(rateLimitPolicy(limits).perClient).toMatch(/IPv6 client by its \/64.*shared network/);
    expect(rateLimitSummary(limits)).toMatch(/Named shared networks \(claude: ×5\)/);
    expect(rateLimitPolicy(loadConfig({}).rateLimits).sharedNetworks).toEqual([]);
    expect(rateLimitSummary(loadConfig({}).rateLimits)).not.toMatch(/shared networks/);
  });
});

describe('the salt while the shared store is unreachable', () => {
  it("keys with this instance's own salt meanwhile, asks again after 5 s, then keeps the shared one", async () => {
    let clock = 0;
    let reachable = false;
    const shared = new MemoryQuotaStore();
    const primary: QuotaStore = {
      take: (...args) => shared.take(...args),
      remember: (...args) => shared.remember(...args),
      salt: () => (reachable ? Promise.resolve('the-shared-salt') : Promise.reject(new Error('connection refused'))),
      ping: async () => {},
    };
    const saltReads = vi.spyOn(primary, 'salt');
    const store = new FallbackQuotaStore(primary, { timeoutMs: 50, log: () => {}, now: () => clock });
    const gate = createQuotaGate(loadConfig({}).rateLimits, store, () => clock)!;
    const keyOf = async () => {
      const client = { address: '192.0.2.1' } as { address: string; key?: string };
      await gate.rest(client, null);
      return client.key;
    };
    const own = await keyOf();
    expect(own).not.toBe(clientKey('192.0.2.1', 'the-shared-salt'));
    reachable = true;
    // Within 5 s of the failure the store is not asked again.
    clock = 4_999;
    expect(await keyOf()).toBe(own);
    expect(saltReads).toHaveBeenCalledTimes(1);
    clock = 5_000;
    expect(await keyOf()).toBe(clientKey('192.0.2.1', 'the-shared-salt'));
    reachable = false;
    expect(await keyOf()).toBe(clientKey('192.0.2.1', 'the-shared-salt'));
    expect(saltReads).toHaveBeenCalledTimes(2);
  });
});

describe('remaining counts and changed limits', () => {
  it('never states a negative remaining count, whatever the store reports', async () => {
    const overcounted: QuotaStore = {
      take: () => ({ allowed: false, used: 125_000_000 }),
      remember: () => ({ allowed: false, used: 5000 }),
      salt: async () => 'salt',
      ping: async () => {},
    };
    const limits = loadConfig({}).rateLimits;
    const decision = await createRateLimiter(limits, overcounted).rest('a', 1);
    expect(decision.allowed).toBe(false);
    expect(remaining(decision.headers.RateLimit)).toEqual({ rest: 0 });
  });

  it('a lowered limit starts clean: units a killed process leased under a larger one do not count', async () => {
    const file = join(dir, 'quotas.sqlite');
    const huge = loadConfig({ RATE_LIMIT_REST: '1000000000', RATE_LIMIT_DISTINCT_IDS: '1000000000' }).rateLimits;
    const before = new LocalQuotaStore(file);
    const first = await createRateLimiter(huge, before).rest('client', 7);
    expect(first.allowed).toBe(true);
    // No close(): the process was killed holding a lease of an eighth of a billion units.
    const defaults = loadConfig({}).rateLimits;
    const after = new LocalQuotaStore(file);
    const limiter = createRateLimiter(defaults, after);
    const next = await limiter.rest('client', 7);
    expect(next.allowed).toBe(true);
    expect(remaining(next.headers.RateLimit)).toEqual({ rest: defaults.rest - 1, ids: defaults.distinctIds - 1 });
    for (let i = 1; i < defaults.rest; i++) expect((await limiter.rest('client', null)).allowed).toBe(true);
    const refused = await limiter.rest('client', null);
    expect(refused.allowed).toBe(false);
    expect(remaining(refused.headers.RateLimit)).toEqual({ rest: 0 });
    after.close();
  });
});

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
