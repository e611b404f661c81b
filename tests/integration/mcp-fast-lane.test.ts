import { afterAll, describe, expect, inject, it } from 'vitest';
import { lazyCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { type Answer, toResponse, WebRequestFacts } from '../../src/http/answer.ts';
import { createMcpEndpoint } from '../../src/mcp/endpoint.ts';
import { fastLaneAnswer } from '../../src/mcp/fast-lane.ts';
import { readMessage } from '../../src/mcp/read-message.ts';
import { CATALOG_TOOLS, type ToolSet, UCP_TOOLS } from '../../src/mcp/tool-list.ts';
import { testMcpDeps } from '../support/mcp-deps.ts';

/*
 * The fast lane answers tools/call itself (src/mcp/fast-lane.ts); the SDK is the reference. Every
 * tool, in every revision, with results and tool errors alike: the same status, media type and
 * bytes from both, and the fast lane did answer each valid call.
 */
const catalog = lazyCatalog(inject('sampleSnapshot'));
afterAll(() => catalog.close());
const deps = testMcpDeps(catalog);
const asResponse = (answer: Answer | Response) => (answer instanceof Response ? answer : toResponse(answer));
/** Both endpoints' answerers, with the fast lane and without. */
function endpointPair(path: string, toolSet: ToolSet) {
  const withFastLane = createMcpEndpoint(deps, { path, toolSet });
  const sdkOnly = createMcpEndpoint({ ...deps, fastLane: false }, { path, toolSet });
  return {
    fast: async (request: Request) => asResponse(await withFastLane(new WebRequestFacts(request))),
    sdk: async (request: Request) => asResponse(await sdkOnly(new WebRequestFacts(request))),
  };
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'differential', version: '1' },
};
const ARGUMENTS: [string, Record<string, unknown> | undefined][] = [
  ['catalog_overview', {}],
  ['catalog_overview', undefined],
  ['get_product', { productId: 1 }],
  ['get_product', { productId: 999_999 }],
  ['get_product', { productId: 1, district: 'Pinheiros' }],
  ['search_local_products', { query: 'fone bluetooth', limit: 3 }],
  ['search_local_products', { city: 'Curitiba' }],
  ['search_local_products', { query: 'geladeira', city: 'campinas, sp' }],
  ['search_local_products', { district: 'Pinheiros', category: 'eletronicos' }],
  ['search_local_products', { latitude: -23.561, longitude: -46.656, radiusKm: 5 }],
  ['search_local_products', { query: 'xyzzy' }],
  ['search_local_products', { city: 'Atlantis' }],
];
const META = { 'ucp-agent': { profile: 'https://platform.example/profile.json' } };
/** UCP's tools at /ucp/mcp: answers, business errors, and calls without the profile. */
const UCP_ARGUMENTS: [string, Record<string, unknown> | undefined][] = [
  ['search_catalog', { meta: META, catalog: { query: 'fone bluetooth', pagination: { limit: 3 } } }],
  ['search_catalog', { catalog: { filters: { categories: ['Eletrônicos'], price: { max: 50_000 } } } }],
  ['search_catalog', { meta: META, catalog: { query: 'tv', pagination: { cursor: 'made-up' } } }],
  ['lookup_catalog', { meta: META, catalog: { ids: ['1', '2-v1', 'nada'] } }],
  ['get_product', { meta: META, catalog: { id: '1' } }],
  ['get_product', { catalog: { id: '999999999' } }],
];
const ENDPOINTS = [
  { path: '/mcp', toolSet: CATALOG_TOOLS, cases: ARGUMENTS },
  { path: '/ucp/mcp', toolSet: UCP_TOOLS, cases: UCP_ARGUMENTS },
] as const;
/** The revisions, and the client allowances' shapes (docs/api.md): claude.ai's envelope under a 2025 header, a repeated header. */
const REVISIONS = [
  '2025-06-18',
  '2025-11-25',
  'none',
  '2026-07-28',
  '2026-07-28 under 2025-11-25',
  '2025-11-25, 2025-11-25',
  '2026-07-28, 2026-07-28',
] as const;

function request(revision: (typeof REVISIONS)[number], id: string | number, name: string, args: unknown, path = '/mcp'): Request {
  const modern = revision.startsWith('2026-07-28');
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (revision !== 'none') headers['MCP-Protocol-Version'] = revision.replace('2026-07-28 under ', '');
  if (modern) Object.assign(headers, { 'Mcp-Method': 'tools/call', 'Mcp-Name': name });
  const params = { name, ...(args === undefined ? {} : { arguments: args }), ...(modern ? { _meta: ENVELOPE } : {}) };
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }),
  });
}

describe('the MCP fast lane answers as the SDK does', () => {
  for (const { path, toolSet, cases } of ENDPOINTS) {
    const { fast, sdk } = endpointPair(path, toolSet);
    it(`is tried with every tool of ${path}`, () => {
      expect(new Set(cases.map(([name]) => name))).toEqual(new Set(toolSet.tools.map((tool) => tool.name)));
    });

    for (const revision of REVISIONS) {
      it.each(cases.map(([name, args], i) => [name, JSON.stringify(args), args, i] as const))(
        `${path} ${revision}: %s %s`,
        async (name, _, args, i) => {
          const id = i % 2 === 0 ? i : `call-${i}`;
          const make = () => request(revision, id, name, args, path);
          const [ours, theirs] = await Promise.all([fast(make()), sdk(make())]);
          expect(ours.status).toBe(theirs.status);
          expect(ours.headers.get('content-type')).toBe(theirs.headers.get('content-type'));
          expect(await ours.text()).toBe(await theirs.text());
          // And it was the fast lane that answered.
          const facts = new WebRequestFacts(make());
          const read = await readMessage(facts, toolSet);
          expect('body' in read && fastLaneAnswer(deps, toolSet, read, facts)?.answer).toMatchObject({ status: 200 });
        },
      );
    }
  }

  it('leaves to the SDK what it does not answer exactly as the SDK would', async () => {
    const declined = [
      request('2025-06-18', 1, 'get_product', { productId: 'um' }),
      request('2025-06-18', 1, 'get_product', { productId: 1, cidade: 'x' }),
      (() => {
        const r = request('2026-07-28', 1, 'get_product', { productId: 1 });
        r.headers.set('Mcp-Name', 'catalog_overview');
        return r;
      })(),
    ];
    for (const r of declined) {
      const facts = new WebRequestFacts(r);
      const read = await readMessage(facts, CATALOG_TOOLS);
      expect('body' in read ? fastLaneAnswer(deps, CATALOG_TOOLS, read, facts) : null).toBeNull();
    }
  });
});

describe('the MCP fast lane answers as the SDK does with counters withheld (past the enumeration guard)', () => {
  // Quotas that admit every call and refuse every product's counters: the call's own context
  // reaches the tool on both lanes, every revision (the SDK's modern handler and its legacy transport).
  const headers = { 'RateLimit-Policy': '"mcp";q=9;w=60', RateLimit: '"mcp";r=8;t=60' };
  const quota = {
    rest: () => ({ allowed: true, retryAfter: null, headers }),
    mcp: () => ({ allowed: true, retryAfter: null, headers }),
    counters: () => ({ allowed: false, retryAfter: 300, resetAt: Date.UTC(2026, 0, 1, 12, 10), headers }),
  };
  const withFastLane = createMcpEndpoint({ ...deps, quota }, { path: '/mcp', toolSet: CATALOG_TOOLS });
  const sdkOnly = createMcpEndpoint({ ...deps, quota, fastLane: false }, { path: '/mcp', toolSet: CATALOG_TOOLS });

  it.each(REVISIONS)('%s', async (revision) => {
    const make = () => request(revision, 3, 'get_product', { productId: 1 });
    const ours = asResponse(await withFastLane(new WebRequestFacts(make())));
    const theirs = asResponse(await sdkOnly(new WebRequestFacts(make())));
    const body = await ours.text();
    expect(body).toBe(await theirs.text());
    const { result } = JSON.parse(body);
    expect(result.structuredContent.product).toMatchObject({
      id: 1,
      engagement: null,
      engagementWithheld: expect.stringContaining('shown again from 2026-01-01T12:10:00Z'),
    });
    expect(result.content[1]).toEqual({ type: 'text', text: result.structuredContent.product.engagementWithheld });
  });
});
