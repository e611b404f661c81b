import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeAppViewsContract } from '../../contract/app-views-contract.ts';
import { describeMcpContract, type Fetch } from '../../contract/mcp-contract.ts';
import { describeSearchContract } from '../../contract/search-contract.ts';
import { describeUcpContract } from '../../contract/ucp-contract.ts';
import { BUILT_SITE_URL, type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { TEST_CURSOR_SECRET } from '../../support/cursor-secret.ts';
import { requestOnce } from '../../support/raw-http.ts';

let server: RunningServer;

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), CURSOR_SECRET: TEST_CURSOR_SECRET });
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
describeAppViewsContract('self-hosted server (real HTTP)', overHttp, BUILT_SITE_URL);
describeSearchContract('self-hosted server (real HTTP)', overHttp, TEST_CURSOR_SECRET);
describeUcpContract('self-hosted server (real HTTP)', overHttp, { profile: { validators: true } });

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

describe('client allowances on the wire (self-hosted; docs/api.md, Client allowances)', () => {
  const post = async (headers: [string, string][], body: unknown) => {
    const answer = await requestOnce(server.baseUrl, {
      method: 'POST',
      target: '/mcp',
      headers: [['Content-Type', 'application/json'], ['Accept', 'application/json, text/event-stream'], ...headers],
      body: Buffer.from(JSON.stringify(body)),
    });
    return { status: answer.status, json: JSON.parse(answer.body.toString('utf8')) };
  };
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'claude-ai-wire', version: '0.1.0' },
  };
  const warnings = (pattern: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":"warn"') && line.includes(`"pattern":"${pattern}"`))
      .map((line) => JSON.parse(line));

  it('serves a header sent twice on two lines, as Claude Code sends it, and logs it once for this client', async () => {
    const twice: [string, string][] = [
      ['MCP-Protocol-Version', '2025-11-25'],
      ['mcp-protocol-version', '2025-11-25'],
    ];
    for (let id = 1; id <= 3; id++) {
      const list = await post(twice, { jsonrpc: '2.0', id, method: 'tools/list', params: {} });
      expect(list.status).toBe(200);
      expect(list.json.result.tools).toHaveLength(3);
    }
    const call = await post(twice, {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'get_product', arguments: { productId: 1 } },
    });
    expect(call.json.result.structuredContent.product.id).toBe(1);
    // Two lines that disagree are still refused.
    const disagree = await post(
      [
        ['MCP-Protocol-Version', '2025-11-25'],
        ['MCP-Protocol-Version', '2025-06-18'],
      ],
      { jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} },
    );
    expect(disagree).toMatchObject({ status: 400, json: { error: { code: -32022 } } });
    // One line per client, pattern and client name, however many requests (the contract's included).
    await expect.poll(() => warnings('repeated-version-header').filter((w) => w.clientInfo === null)).toHaveLength(1);
    expect(warnings('repeated-version-header')[0]).toMatchObject({ scope: 'mcp', path: '/mcp' });
  });

  it("serves claude.ai's requests, the 2026-07-28 envelope under MCP-Protocol-Version: 2025-11-25, and logs them once with the client's name", async () => {
    const claude = (method: string, name?: string): [string, string][] => [
      ['MCP-Protocol-Version', '2025-11-25'],
      ['Mcp-Method', method],
      ...(name ? [['Mcp-Name', name] as [string, string]] : []),
    ];
    const discover = await post(claude('server/discover'), {
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: { _meta: envelope },
    });
    expect(discover.json.result.supportedVersions).toEqual(['2026-07-28']);
    for (const [id, name, args] of [
      [2, 'catalog_overview', {}],
      [3, 'search_local_products', { query: 'geladeira' }],
      [4, 'get_product', { productId: 1 }],
    ] as const) {
      const call = await post(claude('tools/call', name), {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name, arguments: args, _meta: envelope },
      });
      expect(call.status).toBe(200);
      expect(call.json.result).toMatchObject({ resultType: 'complete', structuredContent: expect.any(Object) });
      expect(call.json.result.isError).toBeFalsy();
    }
    await expect
      .poll(() => warnings('envelope-under-other-header').filter((w) => w.clientInfo?.name === 'claude-ai-wire'))
      .toEqual([expect.objectContaining({ method: 'server/discover', clientInfo: { name: 'claude-ai-wire', version: '0.1.0' } })]);
    // The log never names the client's address.
    expect(warnings('envelope-under-other-header').some((w) => JSON.stringify(w).includes('127.0.0.1'))).toBe(false);
  });
});
