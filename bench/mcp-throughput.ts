/**
 * MCP tools/call and product page requests per second of the self-hosted server divided by REST
 * stats requests per second of the same server, in turn in one run, one load generator
 * (autocannon): get_product at 2025-06-18 (the contract's headers), at 2026-07-28 and as
 * claude.ai's connectors send it (a client allowance), search_local_products and UCP's face of
 * the same search (search_catalog over MCP and REST) and lookup_catalog, one product's page
 * (rendered once, then kept), and the REST price history (docs/price-history.md) beside them.
 */

import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { ENVELOPE } from './support/mcp-envelope.ts';
import { pin, QUOTAS_ON, startProcess } from './support/server-process.ts';

interface Load {
  label: string;
  path: string;
  method?: 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** The 2026-07-28 request envelope (in params._meta) of a client that states no capabilities. */
const CONTRACT_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' };
const call = (name: string, args: object, envelope = false) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name, arguments: args, ...(envelope ? { _meta: ENVELOPE } : {}) },
  });

const UCP_META = { 'ucp-agent': { profile: 'https://platform.example/profile.json' } };
export const NATIVE_SEARCH = 'MCP search_local_products (2025-06-18)';
export const UCP_SEARCH = 'UCP search_catalog, the same search (2025-06-18)';
export const UCP_REST_SEARCH = 'UCP REST POST /ucp/catalog/search';

const loads = (productPage: string): Load[] => [
  { label: 'REST stats', path: '/api/public/v1/products/1/stats' },
  // Issue 52: the price history over REST, against the stats (target: at least 0.8 of them).
  { label: 'REST price history', path: '/api/public/v1/products/1/price-history' },
  {
    label: 'MCP get_product (2025-06-18)',
    path: '/mcp',
    method: 'POST',
    headers: CONTRACT_HEADERS,
    body: call('get_product', { productId: 1 }),
  },
  {
    label: 'MCP get_product (2026-07-28)',
    path: '/mcp',
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'get_product',
    },
    body: call('get_product', { productId: 1 }, true),
  },
  {
    // claude.ai's connectors (docs/api.md, Client allowances): served as 2026-07-28, on the fast lane too.
    label: 'MCP get_product (2026-07-28 envelope under a 2025-11-25 header)',
    path: '/mcp',
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'MCP-Protocol-Version': '2025-11-25',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'get_product',
    },
    body: call('get_product', { productId: 1 }, true),
  },
  {
    label: NATIVE_SEARCH,
    path: '/mcp',
    method: 'POST',
    headers: CONTRACT_HEADERS,
    body: call('search_local_products', { query: 'fone bluetooth', limit: 10 }),
  },
  // UCP's face of the same search (docs/api.md, "UCP"): the same words, page and place.
  {
    label: UCP_SEARCH,
    path: '/ucp/mcp',
    method: 'POST',
    headers: CONTRACT_HEADERS,
    body: call('search_catalog', { meta: UCP_META, catalog: { query: 'fone bluetooth', pagination: { limit: 10 } } }),
  },
  {
    label: UCP_REST_SEARCH,
    path: '/ucp/catalog/search',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'UCP-Agent': 'profile="https://platform.example/profile.json"' },
    body: JSON.stringify({ query: 'fone bluetooth', pagination: { limit: 10 } }),
  },
  {
    label: 'UCP lookup_catalog, one id (2025-06-18)',
    path: '/ucp/mcp',
    method: 'POST',
    headers: CONTRACT_HEADERS,
    body: call('lookup_catalog', { meta: UCP_META, catalog: { ids: ['1'] } }),
  },
  { label: 'product page (HTML)', path: productPage },
];

export interface McpSample {
  label: string;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string, load: Load, seconds: number): Promise<McpSample> {
  const result = await autocannon({
    url: url + load.path,
    connections: 50,
    duration: seconds,
    ...(load.method ? { method: load.method, headers: load.headers, body: load.body } : {}),
  });
  return { label: load.label, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/** The HTML size of the page measured, in bytes (set by the last run). */
export let pageBytes = 0;

export async function benchMcpThroughput(options: { snapshot: string; rounds: number; seconds: number }) {
  if (pin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  const server = await startProcess(['scripts/serve.ts'], {
    HOST: '127.0.0.1',
    PORT: '0',
    CATALOG_DB: options.snapshot,
    ...QUOTAS_ON,
    RATE_LIMIT_MCP_CALLS: '1000000000',
    RATE_LIMIT_MCP_REQUESTS: '1000000000',
  });
  try {
    // Product 1's canonical page, as its redirect names it.
    const moved = await fetch(`${server.url}/produtos/1/x`, { redirect: 'manual' });
    const productPage = new URL(moved.headers.get('location')!).pathname;
    pageBytes = (await (await fetch(server.url + productPage)).arrayBuffer()).byteLength;
    const LOADS = loads(productPage);
    for (const load of LOADS) await measure(server.url, load, 2);
    const samples: McpSample[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // The order turns every round: a drift in the machine's speed weighs on all alike.
      for (let i = 0; i < LOADS.length; i++) samples.push(await measure(server.url, LOADS[(round + i) % LOADS.length]!, options.seconds));
    }
    return samples;
  } finally {
    await server.stop();
    if (pin) spawnSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)]);
  }
}

/** Per load: mean req/s, worst p99, and the median over rounds of its req/s divided by the same round's REST req/s. */
export function summarizeMcp(samples: McpSample[]) {
  const LOADS = loads('');
  const rest = samples.filter((s) => s.label === LOADS[0]!.label);
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.floor(sorted.length / 2)]!) / 2;
  };
  return LOADS.map((load) => {
    const of = samples.filter((s) => s.label === load.label);
    return {
      label: load.label,
      rps: of.reduce((n, s) => n + s.requestsPerSecond, 0) / of.length,
      p99: Math.max(...of.map((s) => s.p99)),
      ratio: median(of.map((s, i) => s.requestsPerSecond / rest[i]!.requestsPerSecond)),
      non2xx: of.reduce((n, s) => n + s.non2xx, 0),
    };
  });
}

/** The median over rounds of one load's req/s divided by another's in the same round (UCP's face against the native tool). */
export function pairRatio(samples: McpSample[], label: string, against: string): { median: number; rounds: number[] } {
  const of = (l: string) => samples.filter((s) => s.label === l).map((s) => s.requestsPerSecond);
  const ours = of(label);
  const theirs = of(against);
  const rounds = ours.map((rps, i) => rps / theirs[i]!);
  const sorted = [...rounds].sort((a, b) => a - b);
  const median = (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.floor(sorted.length / 2)]!) / 2;
  return { median, rounds };
}
