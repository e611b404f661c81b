import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { describePrometheus, describePromtool, promtool } from '../../support/prometheus.ts';

/*
 * The metrics of the built self-hosted server (METRICS_PORT), scraped by a real Prometheus and
 * read back through its query API; the exposition checked by promtool. docs/operations.md, "Metrics".
 */

const STATS_ROUTE = '/api/public/v1/products/{productId}/stats';

/** The TCP ports a process listens on (Linux: its socket inodes matched in /proc/net/tcp and tcp6). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // Closed meanwhile.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT" in hex; st 0A is LISTEN; the inode is the tenth field.
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.push(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports.sort();
}

/** The metrics listener's URL, from the line the server writes once it listens. */
async function metricsUrl(server: RunningServer): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = /metrics on (http:\/\/[^\s"]+)/.exec(server.output());
    if (match) return match[1]!;
    if (Date.now() > deadline) throw new Error(`the server did not say where its metrics are:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('without METRICS_PORT: no metrics', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
  });
  afterAll(() => server.stop());

  it('opens no listener but the public one, and /metrics there is the 404 it always was', async () => {
    // Asked once, so the server has done everything it does lazily.
    expect((await fetch(`${server.baseUrl}/api/public/v1/products/1/stats`)).status).toBe(200);
    expect(listeningPorts(server.pid)).toEqual([Number(new URL(server.baseUrl).port)]);
    expect(server.output()).not.toMatch(/metrics on/);
    const answer = await fetch(`${server.baseUrl}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toMatch(/# TYPE/);
  });
});

describePrometheus('metrics scraped by a real Prometheus: the self-hosted server (METRICS_PORT)', (prometheus) => {
  let server: RunningServer;
  let metrics: string;
  beforeAll(async () => {
    server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), METRICS_PORT: '0' });
    metrics = await metricsUrl(server);
    prometheus().scrape([new URL(metrics).host]);
  });
  afterAll(() => server?.stop());

  it('listens apart from the public port, on loopback, and /metrics on the public port stays a 404', async () => {
    const publicPort = Number(new URL(server.baseUrl).port);
    const metricsPort = Number(new URL(metrics).port);
    expect(metricsPort).not.toBe(publicPort);
    expect(new URL(metrics).hostname).toBe('127.0.0.1');
    expect(listeningPorts(server.pid)).toEqual([publicPort, metricsPort].sort());
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(new URL('/', metrics))).status).toBe(404);
  });

  it("counts the stats route's requests by template, and Prometheus reads the count back", async () => {
    const requests = 25;
    for (let i = 0; i < requests; i++)
      expect((await fetch(`${server.baseUrl}/api/public/v1/products/${1 + (i % 5)}/stats`)).status).toBe(200);
    const count = `sum(http_server_request_duration_seconds_count{http_route="${STATS_ROUTE}",http_request_method="GET",http_response_status_code="200"})`;
    const deadline = Date.now() + 20_000;
    let seen: number | null = null;
    while (seen !== requests && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await prometheus().query(count);
    }
    expect(seen).toBe(requests);
    // Never a raw path as a route.
    expect(await prometheus().query('count(http_server_request_duration_seconds_count{http_route=~".*/products/[0-9]+.*"})')).toBeNull();
    expect(await prometheus().query('up{job="catalog"}')).toBe(1);
    expect(await prometheus().query('catalog_info')).toBe(1);
    expect(await prometheus().query('catalog_products')).toBeGreaterThan(0);
    expect(await prometheus().query('quota_store_fallback')).toBe(0);
    expect(await prometheus().query('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts an MCP tool call by tool, outcome and revision, and times the search', async () => {
    const call = (id: number, name: string, args: object) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
      });
    expect((await call(1, 'search_local_products', { query: 'fone' })).status).toBe(200);
    expect((await call(2, 'get_product', { productId: 999_999 })).status).toBe(200);
    expect((await call(3, 'no_such_tool', {})).status).toBe(200);
    const text = await (await fetch(metrics)).text();
    expect(text).toContain('mcp_tool_calls_total{tool="search_local_products",outcome="ok",mcp_protocol_version="2025-06-18"} 1');
    expect(text).toContain('mcp_tool_calls_total{tool="get_product",outcome="tool_error",mcp_protocol_version="2025-06-18"} 1');
    expect(text).toMatch(/mcp_tool_calls_total\{tool="\(unknown\)",outcome="error",mcp_protocol_version="2025-06-18"\} 1/);
    expect(text).toContain('search_duration_seconds_count{tool="search_local_products"} 1');
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{http_route="\/mcp",http_request_method="POST",http_response_status_code="200"\} 3$/m,
    );
  });

  it("counts a take-up (SIGHUP) that finds the snapshot in place already open as 'unchanged'", async () => {
    process.kill(server.pid, 'SIGHUP');
    const deadline = Date.now() + 10_000;
    let text = '';
    while (!text.includes('catalog_swaps_total{outcome="unchanged"} 1') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await (await fetch(metrics)).text();
    }
    expect(text).toContain('catalog_swaps_total{outcome="unchanged"} 1');
    expect(text).not.toMatch(/catalog_swaps_total\{outcome="(swapped|failed)"\}/);
  });

  describePromtool('the exposition, checked by promtool', (path) => {
    it('passes promtool check metrics', async () => {
      const { status, output } = promtool(path(), ['check', 'metrics'], await (await fetch(metrics)).text());
      expect(output).toBe('');
      expect(status).toBe(0);
    });
  });
});

describePromtool('the example alerting rules (docs/monitoring/), checked by promtool', (path) => {
  it('passes promtool check rules', () => {
    const { status, output } = promtool(path(), ['check', 'rules', 'docs/monitoring/alert-rules.yml']);
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
    expect(status).toBe(0);
  });

  it('fires each alert on the series of its unit tests, and only then (promtool test rules)', () => {
    const { status, output } = promtool(path(), ['test', 'rules', 'docs/monitoring/alert-rules.test.yml']);
    expect(output).toMatch(/SUCCESS/);
    expect(status).toBe(0);
  });
});
