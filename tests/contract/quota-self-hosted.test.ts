import { afterAll, beforeAll, inject } from 'vitest';
import { startBuiltServer, type RunningServer } from '../support/built-server.ts';
import { describeQuotaContract, SMALL_QUOTAS } from './quota-contract.ts';

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
