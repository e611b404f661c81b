import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeDiscoveryContract } from '../../contract/discovery-contract.ts';
import { describeDocumentsContract } from '../../contract/documents-contract.ts';
import { describeMissingSnapshotContract, describeStatsContract } from '../../contract/stats-contract.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';

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
describeDiscoveryContract('self-hosted server (real HTTP)', () => (path, init) => fetch(server.baseUrl + path, init), { validators: true });

describe('self-hosted server: what is not a route of the app', () => {
  it('answers paths no route or page has with the 404 page, and the pages from Astro', async () => {
    for (const path of ['/nope', '/api-docs', '/mcp/x']) {
      const response = await fetch(server.baseUrl + path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toMatch(/Página não encontrada/);
    }
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
  });

  it('routes on the path as the WHATWG parser gives it: dot segments resolved', async () => {
    const response = await fetch(`${server.baseUrl}/api/public/v1/x/../products/1/stats`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ productId: 1 });
  });

  it('refuses a request target that is not a path with the JSON error contract', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(server.baseUrl);
      const req = httpRequest({ host: url.hostname, port: url.port, path: '*', method: 'OPTIONS' }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ code: 'INVALID_REQUEST_TARGET', error: 'Request target must be a path' });
  });
});
