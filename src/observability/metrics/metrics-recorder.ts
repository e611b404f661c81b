/*
 * src/metrics/: what the service counts for an operator's Prometheus (docs/operations.md,
 * "Metrics"). The app and its parts call a MetricsRecorder; the self-hosted server hands them the
 * prom-client one (prometheus-recorder.ts) when METRICS_PORT is set, and every other caller (Netlify,
 * astro dev, the tests) gets NO_METRICS, whose calls do nothing. This folder imports no other
 * folder of src/, so every part may report to it.
 */

/**
 * Which quota refused a request (the quota's face of the service). `mcp_distinct_ids`: the
 * enumeration guard over MCP, which withholds get_product's counters rather than answering 429.
 */
export type QuotaFace = 'rest' | 'rest_distinct_ids' | 'mcp_distinct_ids' | 'mcp_requests' | 'mcp_tool_calls';

/**
 * How an MCP tools/call ended: a result, a result with isError, a JSON-RPC error, or a 429; or
 * `notification`: sent without an id, so never run and never answered (src/mcp/endpoint.ts).
 */
export type McpOutcome = 'ok' | 'tool_error' | 'error' | 'rate_limited' | 'notification';

/** How a rebuild's take-up ended (src/platform/node/server.ts). */
export type SwapOutcome = 'swapped' | 'unchanged' | 'failed';

/** What the catalog gauges read at scrape time: the open snapshot, or null before one is open. */
export interface CatalogFacts {
  version: string;
  /** Its generation time, ISO 8601. */
  generatedAt: string;
  products: number;
}

export interface MetricsRecorder {
  /** False for NO_METRICS: callers may skip work whose only use is a metric. */
  readonly enabled: boolean;
  /**
   * One answered request: its route template (never the path asked for), method and status.
   * Called on every request: implementations must not allocate per call for a label set seen before.
   */
  request(route: string, method: string, status: number, seconds: number): void;
  quotaRefused(face: QuotaFace): void;
  /** One tools/call: `tool` is a served tool's name or "(unknown)"; `revision` a served protocol revision or "(unknown)". */
  mcpCall(tool: string, outcome: McpOutcome, revision: string): void;
  /** One request served under a client allowance (src/mcp/client-allowances.ts), by pattern. */
  clientAllowance(pattern: string): void;
  /** One search tool's run (search_local_products, search), in seconds. */
  search(tool: string, seconds: number): void;
  catalogSwap(outcome: SwapOutcome): void;
  /** The catalog's facts, read at scrape time (never per request). */
  watchCatalog(read: () => CatalogFacts | null): void;
  /** Whether the shared quota store is counting in this instance's memory now, read at scrape time. */
  watchQuotaFallback(read: () => boolean): void;
}

const nothing = () => {};

/** Metrics off: every call is an empty function. */
export const NO_METRICS: MetricsRecorder = {
  enabled: false,
  request: nothing,
  quotaRefused: nothing,
  mcpCall: nothing,
  clientAllowance: nothing,
  search: nothing,
  catalogSwap: nothing,
  watchCatalog: nothing,
  watchQuotaFallback: nothing,
};
