import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeMcpContract, type Fetch } from '../contract/mcp-contract.ts';
import { type RunningServer, startBuiltServer } from '../support/built-server.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
});
afterAll(async () => {
  await server?.stop();
});

/** A target's request, sent over real HTTP to the built server. */
const overHttp = (): Fetch => (request) => {
  const url = new URL(request.url);
  return fetch(new Request(server.baseUrl + url.pathname + url.search, request));
};

describeMcpContract('self-hosted server (real HTTP)', overHttp);

describe('MCP on a loopback address (self-hosted)', () => {
  /** fetch() will not send a forged Host header; node:http will. */
  const withHost = (host: string) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.baseUrl}/mcp`);
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: '/mcp', method: 'GET', headers: { Host: host, Accept: 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.once('error', reject);
      req.end();
    });

  it('refuses a request whose Host is not a loopback name (DNS rebinding)', async () => {
    expect(await withHost('evil.example')).toBe(403);
    expect(await withHost('evil.example:80')).toBe(403);
    expect(await withHost(new URL(server.baseUrl).host)).toBe(200);
    expect(await withHost('localhost')).toBe(200);
  });
});
