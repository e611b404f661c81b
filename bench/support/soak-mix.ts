/**
 * The soak's request mix (bench/soak.ts): what a day of public traffic looks like, in shares of
 * the requests, each request with the status it must get. REST stats over many ids (most beyond
 * the rendered-answer cache, so the snapshot is queried), MCP messages as a client sends them,
 * the public documents, product pages, conditional GETs, and a share of client mistakes (400, 404).
 */
import { ENVELOPE } from './mcp-envelope.ts';

export interface SoakRequest {
  kind: string;
  path: string;
  method?: 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The only status this request may get. */
  expect: number;
  /** Checks the body of an answer with the expected status; false counts as an error. */
  check?: (text: string) => boolean;
}

/** What the mix draws from: the generated catalog's ids and slugs, the overview's places, ETags seen. */
export interface SoakCatalog {
  /** Highest product id; ids above it are unknown (their stats are zeros, their pages 404). */
  products: number;
  merchants: number;
  /** Published products' ids, and their slugs in the same order. */
  published: number[];
  slugs: string[];
  /** Products in the export but not published (drafts): their pages are 404. */
  drafts: number[];
  cities: { name: string; districts: string[] }[];
  categories: string[];
  /** Paths and the ETag of their answer, for If-None-Match. */
  etags: { path: string; etag: string }[];
}

/** A seeded generator (mulberry32): the same seed, the same request stream, run after run. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { next, below, pick: <T>(items: readonly T[]): T => items[below(items.length)]! };
}
type Random = ReturnType<typeof random>;

/**
 * Clients as a reverse proxy names them (the server runs with TRUST_PROXY=on): 256 addresses of
 * the benchmarking range (RFC 2544), so the quota store keeps many clients' counts, as in
 * production, without the soak's own state growing with its length.
 */
const CLIENTS = 256;

const QUERIES = [
  'fone bluetooth',
  'geladeira',
  'geladera',
  'geladeiras frost free',
  'tênis casual',
  'airfryer',
  'air fryer 5 litros',
  'televisão',
  'smart tv 50',
  'cadeira gamer',
  'bola de futebol',
  'notebook',
  'panela de pressão',
  'caminha pet',
  'furadeira',
  'perfume',
  'livro infantil',
  'garrafa térmica 500 ml',
];

const stats = (kind: 'products' | 'merchants', id: number | string) => `/api/public/v1/${kind}/${id}/stats`;
const BAD_IDS = ['abc', '0', '01', '-1', '1e3', '1.5', '99999999999999999', '9007199254740992', '%31'];
const DOCUMENTS = ['/gpt.json', '/llms.txt', '/sitemap.xml', '/openapi.json', '/api/openapi.yaml', '/robots.txt'];
const NOT_FOUND = ['/api/public/v1/products/1/statz', '/api/public/v2/products/1/stats', '/api', '/nada-aqui', '/produtos/'];

/** A JSON-RPC answer with a result that is not a tool error. */
const resultOk = (text: string) => {
  const message = JSON.parse(text) as { result?: { isError?: boolean } };
  return message.result !== undefined && message.result.isError !== true;
};

let rpcId = 0;
/** An MCP POST: the 2025 revisions with their header, or (tools/call only, a third of them) 2026-07-28's envelope. */
function mcp(kind: string, method: string, params: Record<string, unknown>, rnd: Random, check = resultOk): SoakRequest {
  const modern = method === 'tools/call' && rnd.below(3) === 0;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  if (modern) {
    Object.assign(headers, { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, 'Mcp-Name': String(params.name) });
  } else {
    headers['MCP-Protocol-Version'] = rnd.pick(['2025-06-18', '2025-11-25']);
  }
  const body = { jsonrpc: '2.0', id: ++rpcId, method, params: modern ? { ...params, _meta: ENVELOPE } : params };
  return { kind, path: '/mcp', method: 'POST', headers, body: JSON.stringify(body), expect: 200, check };
}

function searchArguments(catalog: SoakCatalog, rnd: Random): Record<string, unknown> {
  const args: Record<string, unknown> = { limit: 1 + rnd.below(10) };
  if (rnd.below(5) > 0) args.query = rnd.pick(QUERIES);
  const place = rnd.below(4);
  if (place === 1 || place === 2) {
    const city = rnd.pick(catalog.cities);
    args.city = city.name;
    if (place === 2 && city.districts.length > 0) args.district = rnd.pick(city.districts);
  } else if (place === 3) {
    // Around the centre of São Paulo, the default city.
    Object.assign(args, {
      latitude: -23.55 + rnd.next() / 10 - 0.05,
      longitude: -46.63 + rnd.next() / 10 - 0.05,
      radiusKm: 1 + rnd.below(20),
    });
  }
  if (args.query === undefined || rnd.below(4) === 0) args.category = rnd.pick(catalog.categories);
  return args;
}

/** Each kind of request, its share of the mix (in percent) and how one is drawn. */
function kinds(catalog: SoakCatalog): { kind: string; share: number; draw: (rnd: Random) => SoakRequest }[] {
  const publishedPage = (rnd: Random) => {
    const i = rnd.below(catalog.published.length);
    return { id: catalog.published[i]!, slug: catalog.slugs[i]! };
  };
  return [
    {
      kind: 'REST product stats',
      share: 30,
      // Up to 1,000 ids beyond the catalog: unknown products have zero stats (200).
      draw: (rnd) => {
        const id = 1 + rnd.below(catalog.products + 1000);
        return { kind: 'REST product stats', path: stats('products', id), expect: 200, check: (t) => t.startsWith(`{"productId":${id},`) };
      },
    },
    {
      kind: 'REST merchant stats',
      share: 8,
      draw: (rnd) => {
        const id = 1 + rnd.below(catalog.merchants + 50);
        return {
          kind: 'REST merchant stats',
          path: stats('merchants', id),
          expect: 200,
          check: (t) => t.startsWith(`{"merchantId":${id},`),
        };
      },
    },
    { kind: 'MCP initialize', share: 3, draw: (rnd) => mcp('MCP initialize', 'initialize', initializeParams, rnd) },
    { kind: 'MCP tools/list', share: 3, draw: (rnd) => mcp('MCP tools/list', 'tools/list', {}, rnd) },
    {
      kind: 'MCP catalog_overview',
      share: 3,
      draw: (rnd) => mcp('MCP catalog_overview', 'tools/call', { name: 'catalog_overview', arguments: {} }, rnd),
    },
    {
      kind: 'MCP search_local_products',
      share: 10,
      draw: (rnd) =>
        mcp('MCP search_local_products', 'tools/call', { name: 'search_local_products', arguments: searchArguments(catalog, rnd) }, rnd),
    },
    {
      kind: 'MCP get_product',
      share: 8,
      draw: (rnd) =>
        mcp('MCP get_product', 'tools/call', { name: 'get_product', arguments: { productId: rnd.pick(catalog.published) } }, rnd),
    },
    { kind: 'documents', share: 8, draw: (rnd) => ({ kind: 'documents', path: rnd.pick(DOCUMENTS), expect: 200 }) },
    {
      kind: 'showcase (gpt/products.json)',
      share: 5,
      // Above the maximum (20) the limit is clamped, still a 200.
      draw: (rnd) => ({ kind: 'showcase (gpt/products.json)', path: `/gpt/products.json?limit=${1 + rnd.below(25)}`, expect: 200 }),
    },
    {
      kind: 'product page',
      share: 7,
      draw: (rnd) => {
        const { id, slug } = publishedPage(rnd);
        return { kind: 'product page', path: `/produtos/${id}/${slug}`, expect: 200, check: (t) => t.includes('<html') };
      },
    },
    {
      kind: 'product page redirect',
      share: 2,
      // A wrong slug, or none (a link cut short).
      draw: (rnd) => ({ kind: 'product page redirect', path: `/produtos/${publishedPage(rnd).id}${rnd.pick(['/x', ''])}`, expect: 301 }),
    },
    {
      kind: 'conditional GET (304)',
      share: 6,
      draw: (rnd) => {
        const { path, etag } = rnd.pick(catalog.etags);
        return { kind: 'conditional GET (304)', path, headers: { 'If-None-Match': etag }, expect: 304 };
      },
    },
    { kind: 'client errors (400)', share: 4, draw: (rnd) => badRequest(rnd) },
    {
      kind: 'not found (404)',
      share: 3,
      draw: (rnd) => {
        // A draft's page, or an unknown product's.
        const draft = catalog.drafts.length > 0 && rnd.below(2) === 0;
        const page = `/produtos/${draft ? rnd.pick(catalog.drafts) : catalog.products + 1 + rnd.below(1000)}/x`;
        return { kind: 'not found (404)', path: rnd.below(2) === 0 ? page : rnd.pick(NOT_FOUND), expect: 404 };
      },
    },
  ];
}

const initializeParams = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'soak', version: '1' } };

/** Mistakes clients make: ids out of the contract's spelling, a showcase limit that is no number, broken MCP bodies. */
function badRequest(rnd: Random): SoakRequest {
  const kind = 'client errors (400)';
  switch (rnd.below(4)) {
    case 0:
      return { kind, path: stats(rnd.pick(['products', 'merchants']), rnd.pick(BAD_IDS)), expect: 400 };
    case 1:
      return { kind, path: `/gpt/products.json?limit=${rnd.pick(['abc', '0', '-3', '1&limit=2'])}`, expect: 400 };
    case 2:
      return { ...mcp(kind, 'tools/list', {}, rnd, () => true), body: '{"jsonrpc":"2.0","id":1,', expect: 400 };
    default: {
      const request = mcp(kind, 'tools/list', {}, rnd, () => true);
      return { ...request, headers: { ...request.headers, 'MCP-Protocol-Version': '2024-01-01' }, expect: 400 };
    }
  }
}

/** The request stream: each draw picks a kind by its share, then a request of it, from one client of the pool. */
export function soakMix(catalog: SoakCatalog, seed = 1) {
  const list = kinds(catalog);
  // Each kind's upper bound on the cumulative scale of shares.
  const bounds = list.map((_, i) => list.slice(0, i + 1).reduce((n, k) => n + k.share, 0));
  const total = bounds[bounds.length - 1]!;
  const rnd = random(seed);
  return {
    kinds: list.map((k) => k.kind),
    next(): SoakRequest {
      const roll = rnd.next() * total;
      const request = list[bounds.findIndex((bound) => roll < bound)]!.draw(rnd);
      return { ...request, headers: { ...request.headers, 'X-Forwarded-For': `198.18.0.${rnd.below(CLIENTS)}` } };
    },
  };
}
