import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { MemoryQuotaStore } from './memory-quota-store.ts';
import { createQuotaGate } from './quota-gate.ts';

describe('whom the gate counts', () => {
  it('a network shares one count with its multiplied quota; an IPv6 /56 shares one count', async () => {
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
    // IPv6: one /56 (any of its /64s), one count.
    for (const address of ['2001:db8:0:7::1', '2001:db8:0:8::2', '2001:db8:0:ff:abcd::1']) expect((await use(address)).allowed).toBe(true);
    expect((await use('2001:db8:0:7:ffff::9')).allowed).toBe(false);
    expect((await use('2001:db8:0:100::1')).allowed).toBe(true);
  });

  it("keys the counters' guard as REST's product statistics: one client, one set of distinct ids", async () => {
    const limits = loadConfig({ RATE_LIMIT_DISTINCT_IDS: '2', RATE_LIMIT_SALT: 'a-salt-of-sixteen-chars' }).rateLimits;
    const gate = createQuotaGate(limits, new MemoryQuotaStore())!;
    expect((await gate.rest({ address: '198.51.100.9' }, 1)).allowed).toBe(true);
    expect((await gate.counters({ address: '198.51.100.9' }, 2)).allowed).toBe(true);
    expect((await gate.counters({ address: '198.51.100.9' }, 3)).allowed).toBe(false);
    expect((await gate.rest({ address: '198.51.100.9' }, 3)).allowed).toBe(false);
    expect((await gate.counters({ address: '198.51.100.9' }, 1)).allowed).toBe(true);
    expect((await gate.counters({ address: '198.51.100.10' }, 3)).allowed).toBe(true);
  });
});
