import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeQuotaContract, forwardedSend, SMALL_QUOTAS } from '../../contract/quota-contract.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { describeRedis } from '../../support/redis-server.ts';

/*
 * Two built self-hosted servers behind a "trusted proxy" (TRUST_PROXY=on), as two instances behind
 * a load balancer, sharing one real redis-server (RATE_LIMIT_REDIS_URL) and no RATE_LIMIT_SALT:
 * the salt too comes from Redis. A client's quota must hold across both, exactly.
 */
describeRedis('public quotas across two instances sharing Redis: self-hosted servers (real HTTP)', (redis) => {
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    // Exact counts across instances: a bound the machine's load cannot meet (the test suites run
    // beside), so no use falls back to an instance's memory; the bound itself is tested in unit tests.
    const env = {
      CATALOG_DB: inject('sampleSnapshot'),
      ...SMALL_QUOTAS,
      TRUST_PROXY: 'on',
      RATE_LIMIT_REDIS_URL: redis().url,
      RATE_LIMIT_REDIS_TIMEOUT_MS: '5000',
    };
    servers = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  describe('under concurrency', () => {
    it('admits exactly RATE_LIMIT_REST of 200 concurrent requests from one client, spread over both instances', async () => {
      // One of the 131,072 addresses of the benchmarking range 198.18.0.0/15, so that runs never meet.
      const n = Math.floor(Math.random() * 131_072);
      const client = `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const server = servers[i % 2]!;
          const answer = await fetch(`${server.baseUrl}/api/public/v1/merchants/${1 + (i % 7)}/stats`, {
            headers: { 'X-Forwarded-For': client },
          });
          return { server: i % 2, status: answer.status };
        }),
      );
      const limit = Number(SMALL_QUOTAS.RATE_LIMIT_REST);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(200 - limit);
      // Both instances answered, and refused: neither counted alone.
      for (const server of [0, 1]) expect(answers.filter((a) => a.server === server && a.status === 429).length).toBeGreaterThan(0);
    });
  });

  // The shared contract, each request to the other instance in turn: its counts run on across both.
  let turn = 0;
  describeQuotaContract('two self-hosted servers sharing Redis, requests alternating (real HTTP)', () =>
    forwardedSend(() => servers[turn++ % 2]!.baseUrl),
  );
});
