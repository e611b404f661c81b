import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { lazyCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { loadConfig } from '../../src/config/config.ts';
import { WebRequestFacts } from '../../src/http/answer.ts';
import { createMcpEndpoint } from '../../src/mcp/endpoint.ts';
import { CATALOG_TOOLS } from '../../src/mcp/tool-list.ts';
import { createPrometheusRecorder, type PrometheusRecorder } from '../../src/observability/metrics/prometheus-recorder.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';
import { SMALL_QUOTAS } from '../contract/quota-contract.ts';
import { testMcpDeps } from '../support/mcp-deps.ts';

/*
 * What the MCP endpoint and the quota gate count, in this process, on the sample snapshot: the
 * same tools/call counted alike whether the fast lane or the SDK answered it (the SDK's outcome is
 * read from its answer), and refusals counted by the quota that refused.
 */

/** The lines of one metric in a scrape, sorted (the samples, without HELP and TYPE). */
async function lines(recorder: PrometheusRecorder, metric: string): Promise<string[]> {
  const text = await recorder.registry.metrics();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `))
    .sort();
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'metrics', version: '1' },
};

/** A tools/call as a 2025 client (`header`) or a 2026-07-28 one (`modern`, under `header` when set) sends it. */
function call(id: number, name: string, args: unknown, revision: { header?: string; modern?: boolean }): Request {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (revision.header !== undefined) headers['MCP-Protocol-Version'] = revision.header;
  if (revision.modern) Object.assign(headers, { 'Mcp-Method': 'tools/call', 'Mcp-Name': name });
  const params = { name, arguments: args, ...(revision.modern ? { _meta: ENVELOPE } : {}) };
  return new Request('http://localhost/mcp', {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }),
  });
}

describe('MCP metrics: the fast lane and the SDK count alike', () => {
  const catalog = lazyCatalog(inject('sampleSnapshot'));
  afterAll(() => catalog.close());
  const deps = (metrics: PrometheusRecorder) => testMcpDeps(catalog, { metrics });
  const spec = { path: '/mcp', toolSet: CATALOG_TOOLS };

  it('counts each call by tool, outcome and revision, the allowances, and the searches that ran', async () => {
    const fastMetrics = createPrometheusRecorder();
    const sdkMetrics = createPrometheusRecorder();
    const fast = createMcpEndpoint(deps(fastMetrics), spec);
    const sdk = createMcpEndpoint({ ...deps(sdkMetrics), fastLane: false }, spec);
    const calls = [
      call(1, 'get_product', { productId: 1 }, { header: '2025-06-18' }),
      call(2, 'get_product', { productId: 999_999 }, { header: '2025-06-18' }),
      call(3, 'search_local_products', { query: 'fone bluetooth', limit: 3 }, {}),
      call(4, 'search_local_products', { query: 'fone' }, { header: '2026-07-28', modern: true }),
      call(5, 'catalog_overview', {}, { header: '2025-11-25', modern: true }),
      call(6, 'catalog_overview', {}, { header: '2025-11-25, 2025-11-25' }),
      call(7, 'no_such_tool', {}, { header: '2025-06-18' }),
      call(8, 'get_product', { productId: 'one' }, { header: '2025-06-18' }),
    ];
    for (const request of calls) {
      await fast(new WebRequestFacts(request.clone()));
      await sdk(new WebRequestFacts(request));
    }
    // The SDK's outcomes are read from a copy of its answer, after it is handed back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const counted = await lines(fastMetrics, 'mcp_tool_calls_total');
    expect(await lines(sdkMetrics, 'mcp_tool_calls_total')).toEqual(counted);
    expect(counted).toEqual(
      [
        'mcp_tool_calls_total{tool="get_product",outcome="ok",mcp_protocol_version="2025-06-18"} 1',
        // A product not found, and arguments its schema refuses (the SDK answers those with an isError result).
        'mcp_tool_calls_total{tool="get_product",outcome="tool_error",mcp_protocol_version="2025-06-18"} 2',
        // No header: the contract's revision.
        'mcp_tool_calls_total{tool="search_local_products",outcome="ok",mcp_protocol_version="2025-06-18"} 1',
        'mcp_tool_calls_total{tool="search_local_products",outcome="ok",mcp_protocol_version="2026-07-28"} 1',
        // claude.ai's envelope under a 2025 header is answered as 2026-07-28.
        'mcp_tool_calls_total{tool="catalog_overview",outcome="ok",mcp_protocol_version="2026-07-28"} 1',
        'mcp_tool_calls_total{tool="catalog_overview",outcome="ok",mcp_protocol_version="2025-11-25"} 1',
        'mcp_tool_calls_total{tool="(unknown)",outcome="error",mcp_protocol_version="2025-06-18"} 1',
      ].sort(),
    );
    for (const metrics of [fastMetrics, sdkMetrics]) {
      expect(await lines(metrics, 'mcp_client_allowances_total')).toEqual([
        'mcp_client_allowances_total{pattern="envelope-under-other-header"} 1',
        'mcp_client_allowances_total{pattern="repeated-version-header"} 1',
      ]);
      expect(await lines(metrics, 'search_duration_seconds_count')).toEqual([
        'search_duration_seconds_count{tool="search_local_products"} 2',
      ]);
    }
  });
});

/** The app with small quotas on, its own quota file and metrics recorder, closed after the file's tests. */
function appWithSmallQuotas(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const metrics = createPrometheusRecorder();
  const config = loadConfig({ CATALOG_DB: inject('sampleSnapshot'), ...SMALL_QUOTAS, RATE_LIMIT_DB: join(dir, 'quotas.sqlite') });
  const app = createApp(config, nodePlatform(), metrics);
  afterAll(() => {
    app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { app, metrics };
}

describe('a tools/call sent as a notification (no id): never run, so no call spent and no error counted', () => {
  const { app, metrics } = appWithSmallQuotas('metrics-notifications-');
  const client = '198.18.7.8';

  it('answers 202 with no body, spends no tools/call unit and counts outcome="notification"', async () => {
    const notify = (name: string) =>
      app.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
          body: JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { name, arguments: {} } }),
        }),
        client,
      );
    // An unknown tool too: a notification is not read, so not refused with an answer.
    for (const name of ['catalog_overview', 'no_such_tool']) {
      const answer = await notify(name);
      expect(answer.status, name).toBe(202);
      expect(await answer.text(), name).toBe('');
    }
    // RATE_LIMIT_MCP_CALLS is 2: both calls still run (the two notifications spent only the POST ceiling of 4).
    const mcp = (id: number) => app.fetch(call(id, 'catalog_overview', {}, { header: '2025-06-18' }), client);
    expect([(await mcp(1)).status, (await mcp(2)).status]).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lines(metrics, 'mcp_tool_calls_total')).toEqual([
      'mcp_tool_calls_total{tool="(unknown)",outcome="notification",mcp_protocol_version="2025-06-18"} 1',
      'mcp_tool_calls_total{tool="catalog_overview",outcome="notification",mcp_protocol_version="2025-06-18"} 1',
      'mcp_tool_calls_total{tool="catalog_overview",outcome="ok",mcp_protocol_version="2025-06-18"} 2',
    ]);
    expect(await lines(metrics, 'quota_refusals_total')).toEqual([]);
  });
});

describe('quota metrics: refusals by the quota that refused (the app, quotas on)', () => {
  const { app, metrics } = appWithSmallQuotas('metrics-quotas-');
  const client = '198.18.7.7';

  it('counts a REST refusal, a distinct-ids refusal and an MCP tool-call refusal, and the store in use', async () => {
    const stats = (id: number) => app.fetch(new Request(`http://localhost/api/public/v1/products/${id}/stats`), client);
    const statuses = [];
    for (const id of [1, 2, 3, 4]) statuses.push((await stats(id)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await stats(1)).status).toBe(200);
    expect((await stats(1)).status).toBe(429);
    const mcp = (id: number) => app.fetch(call(id, 'catalog_overview', {}, { header: '2025-06-18' }), client);
    expect([(await mcp(1)).status, (await mcp(2)).status, (await mcp(3)).status]).toEqual([200, 200, 429]);
    expect(await lines(metrics, 'quota_refusals_total')).toEqual([
      'quota_refusals_total{face="mcp_tool_calls"} 1',
      'quota_refusals_total{face="rest"} 1',
      'quota_refusals_total{face="rest_distinct_ids"} 1',
    ]);
    expect(await lines(metrics, 'mcp_tool_calls_total')).toContain(
      'mcp_tool_calls_total{tool="catalog_overview",outcome="rate_limited",mcp_protocol_version="2025-06-18"} 1',
    );
    expect(await lines(metrics, 'quota_store_fallback')).toEqual(['quota_store_fallback 0']);
    expect((await lines(metrics, 'catalog_info'))[0]).toMatch(/^catalog_info\{catalog_version="[0-9a-f]+"\} 1$/);
    // The Web face counts requests too, by template.
    expect(await lines(metrics, 'http_server_request_duration_seconds_count')).toContain(
      'http_server_request_duration_seconds_count{http_route="/api/public/v1/products/{productId}/stats",http_request_method="GET",http_response_status_code="429"} 2',
    );
  });
});

describe('the enumeration guard over MCP: counters withheld, counted as their own face (the app, quotas on)', () => {
  const { app, metrics } = appWithSmallQuotas('metrics-guard-');
  const client = '198.18.7.9';

  it('counts a get_product past the guard as face="mcp_distinct_ids", and its call as ok: the product was answered', async () => {
    for (const id of [1, 2, 3])
      expect((await app.fetch(new Request(`http://localhost/api/public/v1/products/${id}/stats`), client)).status).toBe(200);
    const answer = await app.fetch(call(1, 'get_product', { productId: 4 }, { header: '2025-06-18' }), client);
    expect(answer.status).toBe(200);
    expect((await answer.json()).result.structuredContent.product).toMatchObject({ id: 4, engagement: null });
    expect(await lines(metrics, 'quota_refusals_total')).toEqual(['quota_refusals_total{face="mcp_distinct_ids"} 1']);
    expect(await lines(metrics, 'mcp_tool_calls_total')).toEqual([
      'mcp_tool_calls_total{tool="get_product",outcome="ok",mcp_protocol_version="2025-06-18"} 1',
    ]);
  });
});
