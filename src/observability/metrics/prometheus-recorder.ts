import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CatalogFacts, McpOutcome, MetricsRecorder, QuotaFace, SwapOutcome } from './metrics-recorder.ts';
import { type HistogramSeries, RequestHistogram } from './request-histogram.ts';

/**
 * The buckets OpenTelemetry advises for http.server.request.duration (seconds), so dashboards
 * made for its Prometheus mapping read these as they read any other service's.
 */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** A search answers in milliseconds on a million products (docs/benchmarks.md, "Search latency"). */
const SEARCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** OpenTelemetry's known HTTP methods; any other is "_OTHER" (http.request.method), so the label stays bounded. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'QUERY', 'TRACE']);

/** prom-client defaults that break Prometheus' naming rules, and say nothing their by-type twins do not. */
const REDUNDANT_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

export interface PrometheusRecorder extends MetricsRecorder {
  readonly registry: Registry;
}

/**
 * The prom-client recorder, on a registry of its own (never prom-client's global one), with
 * prom-client's process and Node runtime metrics. Names and labels follow OpenTelemetry's HTTP
 * semantic conventions as they map to Prometheus (http.server.request.duration in seconds →
 * http_server_request_duration_seconds; http.route → http_route, and so on).
 */
export function createPrometheusRecorder(): PrometheusRecorder {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named as counters, which `promtool check metrics` rejects; each is the sum of the
  // same name without "_total" by type (nodejs_active_handles{type}), which stays.
  for (const name of REDUNDANT_DEFAULTS) registry.removeSingleMetric(name);
  const registers = [registry];

  const duration = new RequestHistogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests, by route template, method and status code.',
    buckets: HTTP_BUCKETS,
    registry,
  });
  // The hot path: a label set's series is made once, then found by route, method and status
  // without building a string.
  const children = new Map<string, Map<string, Map<number, HistogramSeries>>>();
  const seriesOf = (route: string, method: string, status: number): HistogramSeries => {
    let byMethod = children.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      children.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = duration.series({
        http_route: route,
        http_request_method: KNOWN_METHODS.has(method) ? method : '_OTHER',
        http_response_status_code: String(status),
      });
      byStatus.set(status, series);
    }
    return series;
  };

  const refusals = new Counter({
    name: 'quota_refusals_total',
    help: 'Requests refused by a public quota (429), by the quota that refused them.',
    labelNames: ['face'] as const,
    registers,
  });
  let fallingBack: () => boolean = () => false;
  new Gauge({
    name: 'quota_store_fallback',
    help: '1 while the shared quota store fails or is slow and this instance counts quotas in its own memory; 0 otherwise.',
    registers,
    collect() {
      this.set(fallingBack() ? 1 : 0);
    },
  });

  const mcpCalls = new Counter({
    name: 'mcp_tool_calls_total',
    help: 'MCP tools/call requests, by tool, outcome and the protocol revision they were answered under.',
    labelNames: ['tool', 'outcome', 'mcp_protocol_version'] as const,
    registers,
  });
  const allowances = new Counter({
    name: 'mcp_client_allowances_total',
    help: 'MCP requests served under a client allowance (docs/api.md, "Client allowances"), by pattern.',
    labelNames: ['pattern'] as const,
    registers,
  });
  const search = new Histogram({
    name: 'search_duration_seconds',
    help: 'Time a search tool took to answer, by tool.',
    labelNames: ['tool'] as const,
    buckets: SEARCH_BUCKETS,
    registers,
  });
  const swaps = new Counter({
    name: 'catalog_swaps_total',
    help: 'Rebuild take-ups (npm run rebuild, SIGHUP), by outcome: swapped, unchanged (no new snapshot), failed.',
    labelNames: ['outcome'] as const,
    registers,
  });

  let catalogFacts: () => CatalogFacts | null = () => null;
  const facts = () => {
    try {
      return catalogFacts();
    } catch {
      // No snapshot to read (missing, unreadable): /readyz says so; the gauges are left out.
      return null;
    }
  };
  new Gauge({
    name: 'catalog_info',
    help: 'The catalog snapshot served now: 1, with its version as a label.',
    labelNames: ['catalog_version'] as const,
    registers,
    collect() {
      this.reset();
      const now = facts();
      if (now !== null) this.set({ catalog_version: now.version }, 1);
    },
  });
  // With the version as a label too: a gauge without labels would read 0 while no snapshot is open.
  new Gauge({
    name: 'catalog_age_seconds',
    help: 'Seconds since the catalog snapshot served now was generated.',
    labelNames: ['catalog_version'] as const,
    registers,
    collect() {
      this.reset();
      const now = facts();
      if (now !== null) this.set({ catalog_version: now.version }, Math.max(0, (Date.now() - Date.parse(now.generatedAt)) / 1000));
    },
  });
  new Gauge({
    name: 'catalog_products',
    help: 'Published products in the catalog snapshot served now.',
    labelNames: ['catalog_version'] as const,
    registers,
    collect() {
      this.reset();
      const now = facts();
      if (now !== null) this.set({ catalog_version: now.version }, now.products);
    },
  });

  return {
    enabled: true,
    registry,
    request: (route, method, status, seconds) => duration.observe(seriesOf(route, method, status), seconds),
    quotaRefused: (face: QuotaFace) => refusals.inc({ face }),
    mcpCall: (tool: string, outcome: McpOutcome, revision: string) => mcpCalls.inc({ tool, outcome, mcp_protocol_version: revision }),
    clientAllowance: (pattern) => allowances.inc({ pattern }),
    search: (tool, seconds) => search.observe({ tool }, seconds),
    catalogSwap: (outcome: SwapOutcome) => swaps.inc({ outcome }),
    watchCatalog: (read) => {
      catalogFacts = read;
    },
    watchQuotaFallback: (read) => {
      fallingBack = read;
    },
  };
}
