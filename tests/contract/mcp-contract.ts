import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { CatalogOverviewSchema } from '../../src/answers/overview-schema.ts';
import { ProductDetailSchema } from '../../src/answers/product-schema.ts';
import { SearchOutputSchema } from '../../src/search/local/local-search-schema.ts';

/** Sends one HTTP request to the target under test (real HTTP, an emulated function, or in-process). */
export type Fetch = (request: Request) => Promise<Response>;

const ORIGIN = 'http://localhost';

/** The specification's headers for POST /mcp (section 4.3): JSON in, JSON accepted, version pinned. */
const SPEC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json', 'Mcp-Protocol-Version': '2025-06-18' };

export async function rpc(fetch: Fetch, body: unknown, headers: Record<string, string> = SPEC_HEADERS) {
  const response = await fetch(
    new Request(`${ORIGIN}/mcp`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
  const text = await response.text();
  return { response, text, json: text ? JSON.parse(text) : null };
}

/** The headers a 2026-07-28 client sends with a request: its revision, and the method (and tool or resource) it names. */
export const modernHeaders = (method: string, name?: string): Record<string, string> => ({
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2026-07-28',
  'Mcp-Method': method,
  ...(name ? { 'Mcp-Name': name } : {}),
});

/** The SDK clients people run: v1 (1.32), and v2 in its default (2025) mode, probing, and pinned to 2026-07-28. */
export const SDK_CLIENTS = ['v1', 'v2', 'v2-auto', 'v2-2026-07-28'] as const;
export type SdkClientKind = (typeof SDK_CLIENTS)[number];

/** What the tests use of either SDK line's client. */
export interface SdkClient {
  listTools(): Promise<{
    tools: { name: string; title?: string; annotations?: Record<string, unknown>; outputSchema?: { type?: string } }[];
  }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>;
  getServerVersion(): { name: string } | undefined;
  close(): Promise<void>;
}

/** An official SDK client over Streamable HTTP, its requests routed to the target; with the revision it settled on. */
export async function connectSdkClient(
  fetch: Fetch,
  kind: SdkClientKind = 'v2',
  path = '/mcp',
): Promise<SdkClient & { protocolVersion: string }> {
  const url = new URL(ORIGIN + path);
  const viaTarget = (input: string | URL | Request, init?: RequestInit) => fetch(new Request(input, init));
  if (kind === 'v1') {
    const client = new ClientV1({ name: 'contract-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransportV1(url, { fetch: viaTarget });
    await client.connect(transport);
    return Object.assign(client as unknown as SdkClient, { protocolVersion: transport.protocolVersion ?? '' });
  }
  const mode = kind === 'v2' ? 'legacy' : kind === 'v2-auto' ? 'auto' : { pin: '2026-07-28' };
  const client = new Client({ name: 'contract-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(url, { fetch: viaTarget }));
  return Object.assign(client as unknown as SdkClient, { protocolVersion: client.getNegotiatedProtocolVersion() ?? '' });
}

/**
 * The MCP contract (docs/api.md, MCP), the same on every target. `target`
 * returns the fetch to use; it is read when the tests run, after the suite's beforeAll.
 */
export function describeMcpContract(name: string, target: () => Fetch) {
  describe(`MCP contract: ${name}`, () => {
    // v1 and v2 in their default mode initialize (2025-11-25); probing v2 and pinned v2 use server/discover (2026-07-28).
    const expectedRevision: Record<SdkClientKind, string> = {
      v1: '2025-11-25',
      v2: '2025-11-25',
      'v2-auto': '2026-07-28',
      'v2-2026-07-28': '2026-07-28',
    };
    it.each(SDK_CLIENTS)('serves the SDK client %s: three read-only tools with output schemas, each called', async (kind) => {
      const client = await connectSdkClient(target(), kind);
      try {
        expect(client.protocolVersion).toBe(expectedRevision[kind]);
        expect(client.getServerVersion()?.name).toBe('catalog-public-service');
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(['catalog_overview', 'search_local_products', 'get_product']);
        for (const tool of tools) {
          expect(tool.title).toBeTruthy();
          // Every annotation stated, as client directories require.
          expect(tool.annotations).toEqual({
            title: tool.title,
            readOnlyHint: true,
            destructiveHint: false,
            idempotentHint: true,
            openWorldHint: false,
          });
          expect(tool.outputSchema?.type).toBe('object');
        }
        const overview = await client.callTool({ name: 'catalog_overview', arguments: {} });
        const parsed = CatalogOverviewSchema.parse(overview.structuredContent);
        // structuredContent plus the same JSON as text.
        expect(JSON.parse((overview.content as { text: string }[])[0]!.text)).toEqual(overview.structuredContent);
        expect(parsed.counts).toMatchObject({ products: 388, merchants: 36, stores: 80, cities: 8, categories: 19 });
        expect(parsed.defaultCity).toEqual({ name: 'São Paulo', state: 'SP' });

        const search = await client.callTool({ name: 'search_local_products', arguments: { query: 'fone bluetooth', limit: 3 } });
        const found = SearchOutputSchema.parse(search.structuredContent);
        expect(found.results.length).toBeGreaterThan(0);
        expect(found.catalogVersion).toBe(parsed.catalogVersion);

        const detail = await client.callTool({ name: 'get_product', arguments: { productId: found.results[0]!.productId } });
        const product = ProductDetailSchema.parse(detail.structuredContent).product;
        expect(product.merchant.stores.length).toBeGreaterThan(0);

        const missing = await client.callTool({ name: 'get_product', arguments: { productId: 999_999 } });
        expect(missing.isError).toBe(true);
        expect((missing.content as { text: string }[])[0]!.text).toMatch(/search_local_products/);

        // The sample's past prices (data/sample/prices.ndjson): a real drop, and a "metade do dobro".
        const { drop, doubled } = samplePricePatterns();
        const dropped = ProductDetailSchema.parse(
          (await client.callTool({ name: 'get_product', arguments: { productId: drop.productId } })).structuredContent,
        ).product;
        expect(dropped.discountCheck).toMatchObject({ verdict: 'confirmed', referencePrice: { cents: drop.before } });
        expect(dropped.priceHistory.lastChange?.previousPrice.cents).toBe(drop.before);
        const halved = ProductDetailSchema.parse(
          (await client.callTool({ name: 'get_product', arguments: { productId: doubled.productId } })).structuredContent,
        ).product;
        expect(halved.discountCheck.verdict).toBe('not_lower_than_30_days');
        expect(halved.priceHistory.highest90Days?.price.cents).toBe(doubled.raised);

        // An argument name the tool does not have is refused, never dropped.
        const unknown = await client.callTool({ name: 'search_local_products', arguments: { q: 'geladeira', city: 'Curitiba' } });
        expect(unknown.isError).toBe(true);
        expect((unknown.content as { text: string }[])[0]!.text).toMatch(/"q"/);
      } finally {
        await client.close();
      }
    });

    it("answers the specification's plain Accept: application/json; initialize negotiates a served 2025 revision", async () => {
      // A served 2025 revision is answered as asked; a newer or an older one gets the newest 2025 one.
      for (const [asked, answered] of [
        ['2025-06-18', '2025-06-18'],
        ['2025-11-25', '2025-11-25'],
        ['2026-07-28', '2025-11-25'],
        ['2024-11-05', '2025-11-25'],
      ]) {
        const init = await rpc(
          target(),
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
          },
          { 'Content-Type': 'application/json', Accept: 'application/json' },
        );
        expect(init.response.status).toBe(200);
        expect(init.response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(init.json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: answered, capabilities: { tools: {} } } });
      }
      const list = await rpc(target(), { jsonrpc: '2.0', id: 'b', method: 'tools/list', params: {} });
      expect(list.json.id).toBe('b');
      expect(list.json.result.tools).toHaveLength(3);
      expect(list.response.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('answers a 2026-07-28 server/discover probe as Claude clients send it, then serves calls in that revision', async () => {
      const envelope = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'replay', version: '1' },
      };
      const probe = await rpc(
        target(),
        { jsonrpc: '2.0', id: 0, method: 'server/discover', params: { _meta: envelope } },
        modernHeaders('server/discover'),
      );
      expect(probe.response.status).toBe(200);
      expect(probe.json.result).toMatchObject({
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        resultType: 'complete',
        cacheScope: 'public',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'catalog-public-service' } },
      });
      expect(probe.json.result.ttlMs).toBeGreaterThan(0);
      expect(probe.json.result.instructions).toMatch(/catalog_overview/);

      const list = await rpc(
        target(),
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } },
        modernHeaders('tools/list'),
      );
      expect(list.json.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
      expect(list.json.result.tools).toHaveLength(3);
      const call = await rpc(
        target(),
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_product', arguments: { productId: 1 }, _meta: envelope } },
        modernHeaders('tools/call', 'get_product'),
      );
      expect(call.json.result).toMatchObject({ resultType: 'complete', structuredContent: { product: { id: 1 } } });

      // Headers that disagree with the body: the revision's own -32020.
      const mismatch = await rpc(
        target(),
        { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: envelope } },
        modernHeaders('tools/call', 'get_product'),
      );
      expect(mismatch.response.status).toBe(400);
      expect(mismatch.json.error.code).toBe(-32020);
      // initialize is not a 2026-07-28 method.
      const init = await rpc(
        target(),
        { jsonrpc: '2.0', id: 4, method: 'initialize', params: { _meta: envelope } },
        modernHeaders('initialize'),
      );
      expect(init.json.error.code).toBe(-32601);
      // A revision this server does not serve: -32022 with the ones it does, so the client can fall back.
      const future = await rpc(
        target(),
        {
          jsonrpc: '2.0',
          id: 5,
          method: 'server/discover',
          params: { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
        },
        { ...modernHeaders('server/discover'), 'MCP-Protocol-Version': '2099-01-01' },
      );
      expect(future.response.status).toBe(400);
      expect(future.json.error).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'], requested: '2099-01-01' } });
    });

    it("serves the clients in the field (docs/api.md, Client allowances): claude.ai's envelope under a 2025-11-25 header, a repeated header", async () => {
      const fetch = target();
      const envelope = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'claude-ai', version: '0.1.0' },
      };
      const headers = (version: string, method?: string, name?: string) => ({
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': version,
        ...(method ? { 'Mcp-Method': method } : {}),
        ...(name ? { 'Mcp-Name': name } : {}),
      });
      /** server/discover (or initialize), tools/list and each tool called, sent as a client would under `version`. */
      const session = async (version: string, modern: boolean) => {
        const meta = modern ? { _meta: envelope } : {};
        const send = (id: number, method: string, params: Record<string, unknown>, name?: string) =>
          rpc(fetch, { jsonrpc: '2.0', id, method, params: { ...params, ...meta } }, headers(version, modern ? method : undefined, name));
        const opening = modern
          ? await send(1, 'server/discover', {})
          : await send(1, 'initialize', {
              protocolVersion: '2025-11-25',
              capabilities: {},
              clientInfo: { name: 'claude-code', version: '2' },
            });
        const list = await send(2, 'tools/list', {});
        const call = (id: number, name: string, args: Record<string, unknown>) => send(id, 'tools/call', { name, arguments: args }, name);
        const overview = await call(3, 'catalog_overview', {});
        const search = await call(4, 'search_local_products', { query: 'fone bluetooth', limit: 2 });
        const product = await call(5, 'get_product', { productId: 1 });
        for (const answer of [opening, list, overview, search, product]) expect(answer.response.status, answer.text).toBe(200);
        if (modern) expect(opening.json.result.supportedVersions).toEqual(['2026-07-28']);
        else expect(opening.json.result.protocolVersion).toBe('2025-11-25');
        expect(list.json.result.tools.map((t: { name: string }) => t.name)).toEqual([
          'catalog_overview',
          'search_local_products',
          'get_product',
        ]);
        expect(overview.json.result.structuredContent.counts.products).toBe(388);
        expect(search.json.result.structuredContent.results.length).toBeGreaterThan(0);
        expect(product.json.result.structuredContent.product.id).toBe(1);
        // Answered in the revision the body was built for: 2026-07-28 results say resultType.
        for (const answer of [list, overview, search, product]) expect(answer.json.result.resultType).toBe(modern ? 'complete' : undefined);
      };
      await session('2025-11-25', true);
      await session('2025-11-25, 2025-11-25', false);
      await session('2026-07-28, 2026-07-28', true);
      // Both at once: claude.ai's requests behind a proxy that repeats the header.
      const both = await rpc(
        fetch,
        { jsonrpc: '2.0', id: 6, method: 'server/discover', params: { _meta: envelope } },
        headers('2025-11-25, 2025-11-25', 'server/discover'),
      );
      expect(both.json.result.supportedVersions).toEqual(['2026-07-28']);

      // Strict everywhere else.
      const refusal = async (version: string, body: unknown, method?: string, name?: string) => {
        const answer = await rpc(fetch, body, headers(version, method, name));
        expect(answer.response.status, answer.text).toBe(400);
        return answer.json.error;
      };
      const listWith = (meta: unknown) => ({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/list',
        params: meta === undefined ? {} : { _meta: meta },
      });
      // An envelope naming a revision not served, under a served header: the header mismatch.
      const future = { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
      expect((await refusal('2025-11-25', listWith(future), 'tools/list')).code).toBe(-32020);
      // A 2025 revision is not one an envelope may name, whatever the header.
      const older = { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' };
      expect((await refusal('2026-07-28', listWith(older), 'tools/list')).code).toBe(-32020);
      // A 2026-07-28 header without the envelope, repeated or not.
      expect((await refusal('2026-07-28, 2026-07-28', listWith(undefined), 'tools/list')).code).toBe(-32602);
      // Repeats that disagree, or repeat a revision not served.
      for (const version of ['2025-11-25, 2025-06-18', '2024-01-01, 2024-01-01', '2025-11-25,', '2025-11-25, 2025-11-25, 2026-07-28'])
        expect(await refusal(version, listWith(undefined))).toMatchObject({ code: -32022, data: { requested: version } });
      // The 2026-07-28 header checks still hold under the allowance: Mcp-Method, then Mcp-Name.
      expect((await refusal('2025-11-25', listWith(envelope), 'tools/call')).code).toBe(-32020);
      const call = {
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'get_product', arguments: { productId: 1 }, _meta: envelope },
      };
      expect((await refusal('2025-11-25', call, 'tools/call')).code).toBe(-32020);
      expect((await refusal('2025-11-25', call, 'tools/call', 'catalog_overview')).code).toBe(-32020);
    });

    // The official clients, their headers changed on the way as the field's clients and proxies change them.
    const quirks: Record<string, { kind: SdkClientKind; version: string; change: (headers: Headers, version: string) => void }> = {
      "claude.ai's connector (2026-07-28 envelope, 2025-11-25 header)": {
        kind: 'v2-2026-07-28',
        version: '2026-07-28',
        change: (headers, version) => version === '2026-07-28' && headers.set('mcp-protocol-version', '2025-11-25'),
      },
      'a repeated header (2025-11-25)': {
        kind: 'v1',
        version: '2025-11-25',
        change: (headers, version) => headers.append('mcp-protocol-version', version),
      },
      'a repeated header (2026-07-28)': {
        kind: 'v2-auto',
        version: '2026-07-28',
        change: (headers, version) => headers.append('mcp-protocol-version', version),
      },
    };
    it.each(Object.keys(quirks))('serves an official SDK client as %s sends it: the tools listed and each called', async (quirk) => {
      const { kind, version, change } = quirks[quirk]!;
      const seen = new Set<string>();
      const quirky: Fetch = (request) => {
        const headers = new Headers(request.headers);
        const sent = headers.get('mcp-protocol-version');
        if (sent !== null) change(headers, sent);
        seen.add(headers.get('mcp-protocol-version') ?? '');
        return target()(new Request(request, { headers }));
      };
      const client = await connectSdkClient(quirky, kind);
      try {
        expect(client.protocolVersion).toBe(version);
        expect((await client.listTools()).tools).toHaveLength(3);
        const overview = await client.callTool({ name: 'catalog_overview', arguments: {} });
        expect(CatalogOverviewSchema.parse(overview.structuredContent).counts.products).toBe(388);
        const search = await client.callTool({ name: 'search_local_products', arguments: { query: 'fone bluetooth', limit: 2 } });
        const found = SearchOutputSchema.parse(search.structuredContent);
        const detail = await client.callTool({ name: 'get_product', arguments: { productId: found.results[0]!.productId } });
        expect(ProductDetailSchema.parse(detail.structuredContent).product.id).toBe(found.results[0]!.productId);
      } finally {
        await client.close();
      }
      // The quirk did reach the server.
      expect([...seen].some((value) => value.includes(',') || value === '2025-11-25')).toBe(true);
    });

    it('replays a 2025-11-25 session, and a client that sends a newer header than it negotiated', async () => {
      const headers = (version: string) => ({
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': version,
      });
      const init = await rpc(
        target(),
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'replay', version: '1' } },
        },
        { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      );
      expect(init.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(init.json.result.protocolVersion).toBe('2025-11-25');
      expect(init.response.headers.get('mcp-session-id')).toBeNull();
      const initialized = await rpc(target(), { jsonrpc: '2.0', method: 'notifications/initialized' }, headers('2025-11-25'));
      expect(initialized.response.status).toBe(202);
      const call = await rpc(
        target(),
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_product', arguments: { productId: 1 } } },
        headers('2025-11-25'),
      );
      expect(call.json.result.structuredContent.product.id).toBe(1);

      // Negotiated 2025-06-18, then sends 2025-11-25: stateless, every request stands alone and is served.
      const newer = await rpc(target(), { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }, headers('2025-11-25'));
      expect(newer.json.result.tools).toHaveLength(3);
      // Sends 2026-07-28 without its envelope: a readable error that names what is missing.
      const modernHeader = await rpc(target(), { jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} }, headers('2026-07-28'));
      expect(modernHeader.response.status).toBe(400);
      expect(modernHeader.json.error.code).toBe(-32602);
      expect(modernHeader.json.error.message).toMatch(/_meta/);
    });

    it('answers mistakes in params with -32602 and a short message naming the field, never a dump or -32603', async () => {
      const cases: [unknown, RegExp][] = [
        [{ name: 'get_product', arguments: [] }, /^Invalid params: params\.arguments: expected an object, received array$/],
        [{ name: 'get_product', arguments: 'x' }, /^Invalid params: params\.arguments: expected an object, received string$/],
        [{ name: 'get_product', arguments: null }, /^Invalid params: params\.arguments: expected an object/],
        [{ arguments: {} }, /^Invalid params: params\.name: expected a string \(missing\)$/],
      ];
      for (const [params, message] of cases) {
        const call = await rpc(target(), { jsonrpc: '2.0', id: 9, method: 'tools/call', params });
        expect(call.json).toMatchObject({ id: 9, error: { code: -32602 } });
        expect(call.json.error.message).toMatch(message);
      }
      const init = await rpc(target(), { jsonrpc: '2.0', id: 10, method: 'initialize' });
      expect(init.json).toMatchObject({ id: 10, error: { code: -32602, message: 'Invalid params: params: expected an object (missing)' } });
      // Tool arguments of the wrong type are a tool error the model can act on (SEP-1303), naming the argument.
      const wrongType = await rpc(target(), {
        jsonrpc: '2.0',
        id: 11,
        method: 'tools/call',
        params: { name: 'get_product', arguments: { productId: 'um' } },
      });
      expect(wrongType.json.result.isError).toBe(true);
      expect(wrongType.json.result.content[0].text).toMatch(/productId/);
      // Unknown argument names are refused, never dropped: the answer lists the accepted ones.
      const unknown = await rpc(target(), {
        jsonrpc: '2.0',
        id: 12,
        method: 'tools/call',
        params: { name: 'search_local_products', arguments: { query: 'tv', cidade: 'Curitiba' } },
      });
      expect(unknown.json.result.isError).toBe(true);
      expect(unknown.json.result.content[0].text).toMatch(/"cidade"/);
      expect(unknown.json.result.content[0].text).toMatch(/query, category, city, district/);
      // A page of text as a query is refused in a few hundred bytes, not echoed back.
      const long = await rpc(target(), {
        jsonrpc: '2.0',
        id: 13,
        method: 'tools/call',
        params: { name: 'search_local_products', arguments: { query: 'geladeira '.repeat(6_000) } },
      });
      expect(long.json.result.isError).toBe(true);
      expect(long.json.result.content[0].text).toMatch(/query/);
      expect(long.text.length).toBeLessThan(2_000);
    });

    it.each(['v1', 'v2-2026-07-28'] as const)(
      'serves ChatGPT-style search and fetch on /mcp/research (%s client); /mcp keeps its three tools',
      async (kind) => {
        const client = await connectSdkClient(target(), kind, '/mcp/research');
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toEqual(['search', 'fetch']);
          for (const tool of tools)
            expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
          // OpenAI's shape: exactly one text item holding the JSON (structuredContent carries the same object).
          const search = await client.callTool({ name: 'search', arguments: { query: 'geladeira frost free' } });
          const content = search.content as { type: string; text: string }[];
          expect(content).toHaveLength(1);
          const found = JSON.parse(content[0]!.text);
          expect(Object.keys(found)).toEqual(['results']);
          expect(found.results.length).toBeGreaterThan(0);
          for (const result of found.results) expect(Object.keys(result)).toEqual(['id', 'title', 'url']);
          expect(found.results[0].title).toMatch(/geladeira/i);

          const fetched = await client.callTool({ name: 'fetch', arguments: { id: found.results[0].id } });
          const document = JSON.parse((fetched.content as { text: string }[])[0]!.text);
          expect(Object.keys(document)).toEqual(['id', 'title', 'text', 'url', 'metadata']);
          expect(document.id).toBe(found.results[0].id);
          expect(document.url).toBe(found.results[0].url);
          expect(document.text).toMatch(/R\$ [\d.]+,\d{2}/);
          expect(document.metadata.currency).toBe('BRL');

          const missing = await client.callTool({ name: 'fetch', arguments: { id: '999999' } });
          expect(missing.isError).toBe(true);
          const notAnId = await client.callTool({ name: 'fetch', arguments: { id: '01' } });
          expect(notAnId.isError).toBe(true);
          const nothing = await client.callTool({ name: 'search', arguments: { query: 'xyzzy plugh' } });
          expect(JSON.parse((nothing.content as { text: string }[])[0]!.text)).toEqual({ results: [] });
        } finally {
          await client.close();
        }
        // The contract's endpoint does not have them.
        const onMcp = await rpc(target(), {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search', arguments: { query: 'tv' } },
        });
        expect(onMcp.json.error.code).toBe(-32602);
      },
    );

    it('refuses what the protocol does not allow, with the right JSON-RPC and HTTP codes', async () => {
      const fetch = target();
      const unsupported = await rpc(
        fetch,
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
        { ...SPEC_HEADERS, 'Mcp-Protocol-Version': '1999-01-01' },
      );
      expect(unsupported.response.status).toBe(400);
      expect(unsupported.json.error).toMatchObject({
        code: -32022,
        data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '1999-01-01' },
      });

      const batch = await rpc(fetch, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
      expect(batch.response.status).toBe(400);
      expect(batch.json.error.code).toBe(-32600);

      const malformed = await rpc(fetch, '{"jsonrpc": "2.0", "id": 1,');
      expect(malformed.response.status).toBe(400);
      expect(malformed.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });

      // MCP ids are strings or integers; one JavaScript cannot hold exactly is refused in those words, and echoed as sent.
      for (const id of ['1.5', '123456789012345678901234567890']) {
        const odd = await rpc(fetch, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
        expect(odd.response.status, id).toBe(400);
        expect(odd.json.error.message, id).toMatch(/an optional id \(a string, or an integer from -9007199254740991 to 9007199254740991\)/);
        expect(odd.text, id).toMatch(new RegExp(`"id":${id.replace('.', '\\.')}}$`));
      }

      const notRpc = await rpc(fetch, { hello: 'world', id: 4 });
      expect(notRpc.json.error.code).toBe(-32600);

      const unknownMethod = await rpc(fetch, { jsonrpc: '2.0', id: 5, method: 'prompts/list', params: {} });
      expect(unknownMethod.json).toMatchObject({ id: 5, error: { code: -32601 } });

      const unknownTool = await rpc(fetch, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'drop_tables', arguments: {} } });
      expect(unknownTool.json).toMatchObject({ id: 6, error: { code: -32602 } });

      const notification = await rpc(fetch, { jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(notification.response.status).toBe(202);
      expect(notification.text).toBe('');

      const big = await rpc(fetch, {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'search_local_products', arguments: { query: 'x'.repeat(70_000) } },
      });
      expect(big.response.status).toBe(413);
      // Without Content-Length: the body streams in and is cut at the cap.
      const streamed = await fetch(
        new Request(`${ORIGIN}/mcp`, {
          method: 'POST',
          headers: SPEC_HEADERS,
          body: new ReadableStream({
            start(controller) {
              for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(32_768)));
              controller.close();
            },
          }),
          duplex: 'half',
        } as RequestInit),
      );
      expect(streamed.status).toBe(413);
      await streamed.text();

      const put = await fetch(new Request(`${ORIGIN}/mcp`, { method: 'PUT', body: '{}' }));
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      const del = await fetch(new Request(`${ORIGIN}/mcp`, { method: 'DELETE' }));
      expect(del.status).toBe(405);
    });

    it('serves the endpoints with a trailing slash too, as clients are configured either way', async () => {
      for (const path of ['/mcp/', '/mcp/research/']) {
        const client = await connectSdkClient(target(), 'v2', path);
        try {
          expect((await client.listTools()).tools.length, path).toBeGreaterThan(0);
        } finally {
          await client.close();
        }
      }
    });

    it('answers GET with the discovery document, or 405 to a client asking for an event stream', async () => {
      const fetch = target();
      const doc = await fetch(new Request(`${ORIGIN}/mcp`, { headers: { Accept: 'application/json' } }));
      expect(doc.status).toBe(200);
      const body = await doc.json();
      expect(body).toMatchObject({
        protocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18'],
        transport: 'streamable-http',
        authentication: 'none',
      });
      expect(body.tools.map((t: { name: string }) => t.name)).toEqual(['catalog_overview', 'search_local_products', 'get_product']);
      expect(body.tools[1].inputSchema.properties.radiusKm.maximum).toBe(100);
      // The very schemas tools/list gives, dialect included.
      const list = await rpc(fetch, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
      expect(body.tools.map((t: { inputSchema: unknown }) => t.inputSchema)).toEqual(
        list.json.result.tools.map((t: { inputSchema: unknown }) => t.inputSchema),
      );
      const stream = await fetch(new Request(`${ORIGIN}/mcp`, { headers: { Accept: 'text/event-stream' } }));
      expect(stream.status).toBe(405);
      await stream.body?.cancel();
      // q=0 is "not acceptable" (RFC 9110 12.5.1): that client asked for the document, not a stream.
      const refused = await fetch(new Request(`${ORIGIN}/mcp`, { headers: { Accept: 'text/event-stream;q=0, application/json' } }));
      expect(refused.status).toBe(200);
      expect(await refused.json()).toEqual(body);
    });

    it('answers HEAD as it answers GET (RFC 9110 9.3.2): no body, the same headers and length', async () => {
      const fetch = target();
      const get = await fetch(new Request(`${ORIGIN}/mcp`, { headers: { Accept: 'application/json' } }));
      const bytes = new Uint8Array(await get.arrayBuffer()).byteLength;
      const head = await fetch(new Request(`${ORIGIN}/mcp`, { method: 'HEAD', headers: { Accept: 'application/json' } }));
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-length')).toBe(String(bytes));
      for (const name of ['content-type', 'etag', 'cache-control', 'vary'])
        expect(head.headers.get(name), name).toBe(get.headers.get(name));
      const stream = await fetch(new Request(`${ORIGIN}/mcp/research`, { method: 'HEAD', headers: { Accept: 'text/event-stream' } }));
      expect(stream.status).toBe(405);
      expect(stream.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    });

    it('allows browser pages of allowed origins: preflight names the MCP headers, Retry-After is exposed; other origins get 403', async () => {
      const preflightFrom = (origin: string) =>
        target()(new Request(`${ORIGIN}/mcp`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } }));
      // A page on the visitor's own machine (the MCP Inspector's, say) is never a rebinding attacker.
      const preflight = await preflightFrom('http://localhost:6274');
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Method, Mcp-Name/);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/MCP-Protocol-Version/i);
      expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(preflight.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);

      const foreign = await preflightFrom('https://agent.example');
      expect(foreign.status).toBe(403);
      const post = await rpc(target(), { jsonrpc: '2.0', id: 1, method: 'ping' }, { ...SPEC_HEADERS, Origin: 'https://agent.example' });
      expect(post.response.status).toBe(403);
      expect(post.json.error.message).toMatch(/Origin/);
      const nullOrigin = await rpc(target(), { jsonrpc: '2.0', id: 1, method: 'ping' }, { ...SPEC_HEADERS, Origin: 'null' });
      expect(nullOrigin.response.status).toBe(403);
    });

    it('treats hostile search text as data', async () => {
      const fetch = target();
      // Words among the syntax are searched as words; text with no word at all is answered as such
      // (a tool error asking for the product), never as a listing of the place.
      const cases: [string, boolean][] = [
        ["' OR 1=1 --", false],
        ['NEAR(a b) AND {title}: x*', false],
        ['ção* ^ - + ()', false],
        ['"', true],
        ['\u0000\u0001', true],
        ['🙂'.repeat(500), true],
      ];
      for (const [query, noWords] of cases) {
        const call = await rpc(fetch, {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_local_products', arguments: { query } },
        });
        expect(call.response.status).toBe(200);
        expect(call.json.result.isError ?? false, query).toBe(noWords);
        const output = SearchOutputSchema.parse(call.json.result.structuredContent);
        if (noWords) expect(output.message).toMatch(/^No words to search for/);
      }
    });
  });
}

/**
 * From the sample's past prices: a product whose price fell within the 30 days before the sample's
 * date after a longer run at a higher price, and one raised to about twice, then brought back.
 */
function samplePricePatterns() {
  const asOf = (JSON.parse(readFileSync('data/sample/export.json', 'utf8')) as { asOf: string }).asOf.slice(0, 10);
  const byProduct = new Map<number, { date: string; priceCents: number }[]>();
  for (const line of readFileSync('data/sample/prices.ndjson', 'utf8').split('\n').filter(Boolean)) {
    const { productId, date, priceCents } = JSON.parse(line) as { productId: number; date: string; priceCents: number };
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), { date, priceCents }]);
  }
  const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
  const lines = [...byProduct];
  const [dropId, [before, after]] = lines.find(
    ([, l]) => l.length === 2 && l[0]!.priceCents > l[1]!.priceCents && days(l[1]!.date, asOf) < 30 && days(l[0]!.date, l[1]!.date) >= 30,
  )!;
  const [doubledId, raised] = lines.find(
    ([, l]) => l.length === 3 && l[0]!.priceCents === l[2]!.priceCents && l[1]!.priceCents > 1.8 * l[0]!.priceCents,
  )!;
  expect(after).toBeDefined();
  return { drop: { productId: dropId, before: before!.priceCents }, doubled: { productId: doubledId, raised: raised[1]!.priceCents } };
}
