import { afterAll, beforeAll, inject } from 'vitest';
import { describeDocumentsContract } from '../contract/documents-contract.ts';
import { describeMissingSnapshotContract, describeStatsContract } from '../contract/stats-contract.ts';
import { type RunningServer, startBuiltServer } from '../support/built-server.ts';

let server: RunningServer;
let broken: RunningServer;

beforeAll(async () => {
  [server, broken] = await Promise.all([
    startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') }),
    startBuiltServer({ CATALOG_DB: `${inject('sampleSnapshot')}.missing` }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), broken?.stop()]);
});

describeStatsContract('self-hosted server (real HTTP)', () => (path, init) => fetch(server.baseUrl + path, init));
describeMissingSnapshotContract('self-hosted server (real HTTP)', () => (path, init) => fetch(broken.baseUrl + path, init));
describeDocumentsContract(
  'self-hosted server (real HTTP)',
  () => (path, init) => fetch(server.baseUrl + path, init),
  () => (path, init) => fetch(broken.baseUrl + path, init),
);
