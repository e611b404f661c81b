import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { rateLimitPolicy, rateLimitSummary } from './policy.ts';

describe('the quota documents', () => {
  it('state the networks and their quotas', () => {
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
    expect(rateLimitPolicy(limits).perClient).toMatch(/IPv6 client by its \/56 network.*shared network/);
    expect(rateLimitPolicy(loadConfig({ RATE_LIMIT_IPV6_PREFIX: '64' }).rateLimits).perClient).toMatch(/IPv6 client by its \/64 network/);
    expect(rateLimitSummary(limits)).toMatch(/Named shared networks \(claude: ×5\)/);
    expect(rateLimitPolicy(loadConfig({}).rateLimits).sharedNetworks).toEqual([]);
    expect(rateLimitSummary(loadConfig({}).rateLimits)).not.toMatch(/shared networks/);
  });

  it('state that one enumeration guard holds every face of the counters', () => {
    const limits = loadConfig({}).rateLimits;
    expect(rateLimitSummary(limits)).toMatch(
      /engagement counters of at most 100 distinct products per 600 s \(product statistics and get_product together\).*get_product answers without the counters/,
    );
  });
});
