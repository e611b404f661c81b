import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeQuotaContract, SMALL_QUOTAS } from '../contract/quota-contract.ts';
import { type RunningServer, startBuiltServer } from '../support/built-server.ts';

/*
 * The built server with small quotas, behind a "trusted proxy" (TRUST_PROXY=on) so that the
 * suite can speak as several clients through X-Forwarded-For, as a reverse proxy would.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), ...SMALL_QUOTAS, TRUST_PROXY: 'on' });
});
afterAll(async () => {
  await server?.stop();
});

describeQuotaContract('self-hosted server (real HTTP)', () => (client, path, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('X-Forwarded-For', client);
  return fetch(server.baseUrl + path, { ...init, headers });
});

describe('public quotas under concurrency: self-hosted server (real HTTP)', () => {
  it('admits exactly RATE_LIMIT_REST of 200 concurrent requests from one client', async () => {
    const client = `192.0.2.${1 + Math.floor(Math.random() * 254)}`;
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${server.baseUrl}/api/public/v1/merchants/${1 + (i % 7)}/stats`, { headers: { 'X-Forwarded-For': client } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(Number(SMALL_QUOTAS.RATE_LIMIT_REST));
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - Number(SMALL_QUOTAS.RATE_LIMIT_REST));
  });
});
