import { describe, expect, it } from 'vitest';
import { NO_METRICS } from './metrics-recorder.ts';
import { createPrometheusRecorder } from './prometheus-recorder.ts';

/** One sample's value in the exposition text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the Prometheus recorder', () => {
  it('counts requests by route template, method and status, in OpenTelemetry buckets', async () => {
    const metrics = createPrometheusRecorder();
    const route = '/api/public/v1/products/{productId}/stats';
    metrics.request(route, 'GET', 200, 0.0004);
    metrics.request(route, 'GET', 200, 0.03);
    metrics.request(route, 'GET', 429, 0.001);
    metrics.request('/*', 'BREW', 405, 0.002);
    const text = await metrics.registry.metrics();
    const labels = `http_route="${route}",http_request_method="GET",http_response_status_code="200"`;
    expect(sample(text, `http_server_request_duration_seconds_count{${labels}}`)).toBe(2);
    expect(sample(text, `http_server_request_duration_seconds_bucket{le="0.005",${labels}}`)).toBe(1);
    expect(sample(text, `http_server_request_duration_seconds_bucket{le="0.05",${labels}}`)).toBe(2);
    expect(sample(text, `http_server_request_duration_seconds_sum{${labels}}`)).toBeCloseTo(0.0304, 6);
    expect(text).toContain(
      `http_server_request_duration_seconds_count{http_route="${route}",http_request_method="GET",http_response_status_code="429"} 1`,
    );
    // A method OpenTelemetry does not know is "_OTHER": the label stays a bounded set.
    expect(text).toContain(
      'http_server_request_duration_seconds_count{http_route="/*",http_request_method="_OTHER",http_response_status_code="405"} 1',
    );
    expect(text).not.toContain('BREW');
  });

  it("has prom-client's process and Node runtime metrics, on a registry of its own", async () => {
    const text = await createPrometheusRecorder().registry.metrics();
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(text).toContain('# TYPE nodejs_active_handles gauge');
    // Their "_total" twins are gauges named as counters (promtool refuses them): left out.
    expect(text).not.toMatch(/^nodejs_active_\w+_total/m);
  });

  it('reads the catalog and the quota store at scrape time', async () => {
    const metrics = createPrometheusRecorder();
    expect(await metrics.registry.metrics()).not.toMatch(/^catalog_info\{/m);
    let fallingBack = false;
    const generatedAt = new Date(Date.now() - 3_600_000).toISOString();
    metrics.watchCatalog(() => ({ version: 'v1', generatedAt, products: 400 }));
    metrics.watchQuotaFallback(() => fallingBack);
    let text = await metrics.registry.metrics();
    expect(sample(text, 'catalog_info{catalog_version="v1"}')).toBe(1);
    expect(sample(text, 'catalog_products{catalog_version="v1"}')).toBe(400);
    expect(sample(text, 'catalog_age_seconds{catalog_version="v1"}')).toBeGreaterThanOrEqual(3600);
    expect(sample(text, 'catalog_age_seconds{catalog_version="v1"}')).toBeLessThan(3660);
    expect(sample(text, 'quota_store_fallback')).toBe(0);
    // A swap: the old version's series goes, the new one's comes.
    metrics.watchCatalog(() => ({ version: 'v2', generatedAt, products: 401 }));
    fallingBack = true;
    text = await metrics.registry.metrics();
    expect(sample(text, 'catalog_info{catalog_version="v1"}')).toBeUndefined();
    expect(sample(text, 'catalog_info{catalog_version="v2"}')).toBe(1);
    expect(sample(text, 'quota_store_fallback')).toBe(1);
    // A snapshot that cannot be read leaves the catalog's gauges out, and the scrape answers.
    metrics.watchCatalog(() => {
      throw new Error('no snapshot');
    });
    text = await metrics.registry.metrics();
    expect(text).not.toMatch(/^catalog_(info|products|age_seconds)[ {]/m);
  });

  it('counts quota refusals, MCP calls, client allowances, searches and swaps by their labels', async () => {
    const metrics = createPrometheusRecorder();
    metrics.quotaRefused('rest_distinct_ids');
    metrics.quotaRefused('mcp_tool_calls');
    metrics.quotaRefused('mcp_tool_calls');
    metrics.mcpCall('get_product', 'ok', '2025-06-18');
    metrics.mcpCall('(unknown)', 'error', '2026-07-28');
    metrics.clientAllowance('envelope-under-other-header');
    metrics.search('search_local_products', 0.004);
    metrics.catalogSwap('swapped');
    metrics.catalogSwap('failed');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'quota_refusals_total{face="rest_distinct_ids"}')).toBe(1);
    expect(sample(text, 'quota_refusals_total{face="mcp_tool_calls"}')).toBe(2);
    expect(sample(text, 'mcp_tool_calls_total{tool="get_product",outcome="ok",mcp_protocol_version="2025-06-18"}')).toBe(1);
    expect(sample(text, 'mcp_tool_calls_total{tool="(unknown)",outcome="error",mcp_protocol_version="2026-07-28"}')).toBe(1);
    expect(sample(text, 'mcp_client_allowances_total{pattern="envelope-under-other-header"}')).toBe(1);
    expect(sample(text, 'search_duration_seconds_bucket{le="0.005",tool="search_local_products"}')).toBe(1);
    expect(sample(text, 'search_duration_seconds_bucket{le="0.0025",tool="search_local_products"}')).toBe(0);
    expect(sample(text, 'catalog_swaps_total{outcome="swapped"}')).toBe(1);
    expect(sample(text, 'catalog_swaps_total{outcome="failed"}')).toBe(1);
  });

  it('is off in NO_METRICS, whose calls do nothing', () => {
    expect(NO_METRICS.enabled).toBe(false);
    expect(() => NO_METRICS.request('/*', 'GET', 200, 1)).not.toThrow();
  });
});
