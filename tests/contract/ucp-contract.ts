import { describe, expect, it } from 'vitest';
import {
  validateBusinessProfile,
  validateErrorResponse,
  validateGetProductResponse,
  validateLookupResponse,
  validateSearchResponse,
} from '../support/ucp-schemas.ts';
import { connectSdkClient, type Fetch, SDK_CLIENTS } from './mcp-contract.ts';

/*
 * UCP's catalog face (docs/api.md, "UCP"), the same on every target: the business profile, the
 * REST binding (POST /ucp/catalog/…) and the MCP binding (/ucp/mcp), each answer validated
 * against the schemas of the version it declares (tests/schemas/ucp/, ajv 2020-12), and agreeing
 * with the catalog's own tools (same ids, prices and pages).
 */
const ORIGIN = 'http://localhost';
const AGENT = { 'UCP-Agent': 'profile="https://platform.example/profiles/shopping-agent.json"' };
const JSON_HEADERS = { 'Content-Type': 'application/json', ...AGENT };
const META = { 'ucp-agent': { profile: 'https://platform.example/profiles/shopping-agent.json' } };

// biome-ignore lint/suspicious/noExplicitAny: answers read deep in place; the UCP schemas (ajv) check their shape.
type Json = Record<string, any>;

async function post(fetch: Fetch, path: string, body: unknown, headers: Record<string, string> = JSON_HEADERS) {
  const response = await fetch(
    new Request(ORIGIN + path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
  const text = await response.text();
  let json: Json | null = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { response, json: json as Json };
}

/** The native get_product's answer for an id (the /mcp tool), to compare with UCP's. */
async function nativeProduct(fetch: Fetch, productId: number): Promise<Json> {
  const { json } = await post(
    fetch,
    '/mcp',
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_product', arguments: { productId } } },
    { 'Content-Type': 'application/json', Accept: 'application/json', 'Mcp-Protocol-Version': '2025-06-18' },
  );
  return json.result.structuredContent.product;
}

const valid = (validation: { valid: boolean; errors: string[] }) => expect(validation.errors).toEqual([]);

/**
 * `profile`: the target serves the site's files too; `validators` there: it answers If-None-Match
 * itself (Netlify's CDN does; its local emulation serves static files with no ETag at all).
 */
export function describeUcpContract(name: string, target: () => Fetch, options: { profile?: { validators: boolean } } = {}) {
  describe(`UCP: ${name}`, () => {
    if (options.profile) {
      it('publishes a business profile valid under its version, naming both bindings and the two catalog capabilities', async () => {
        const response = await target()(new Request(`${ORIGIN}/.well-known/ucp`));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
        if (options.profile?.validators) {
          const etag = response.headers.get('etag')!;
          expect(etag).toBeTruthy();
          expect((await target()(new Request(`${ORIGIN}/.well-known/ucp`, { headers: { 'If-None-Match': etag } }))).status).toBe(304);
        }
        const profile = (await response.json()) as Json;
        valid(validateBusinessProfile(profile));
        expect(profile.ucp.version).toBe('2026-04-08');
        const services = profile.ucp.services['dev.ucp.shopping'] as Json[];
        expect(services.map((s) => s.transport).sort()).toEqual(['mcp', 'rest']);
        for (const service of services) expect(service.endpoint).toMatch(/^https?:\/\/[^/]+\/ucp(\/mcp)?$/);
        expect(Object.keys(profile.ucp.capabilities).sort()).toEqual([
          'dev.ucp.shopping.catalog.lookup',
          'dev.ucp.shopping.catalog.search',
        ]);
        expect(profile.ucp.payment_handlers).toEqual({});
        expect(profile.signing_keys).toBeUndefined();
        // The documents agents and developers read first name it.
        for (const path of ['/llms.txt', '/']) {
          const text = await (await target()(new Request(ORIGIN + path))).text();
          expect(text, path).toMatch(/https?:\/\/[^\s"<)]+\/\.well-known\/ucp/);
        }
      });
    }

    if (options.profile) {
      it('serves a client that knows only the spec: endpoints from the profile, search paged to its end, lookup and detail, over both bindings', async () => {
        const fetch = target();
        const profile = (await (await fetch(new Request(`${ORIGIN}/.well-known/ucp`))).json()) as Json;
        const endpoint = (transport: string) =>
          new URL(profile.ucp.services['dev.ucp.shopping'].find((s: Json) => s.transport === transport).endpoint).pathname;
        // REST: {endpoint}/catalog/…, as rest.md names the paths.
        const rest = endpoint('rest');
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < 20; page++) {
          const { json } = await post(fetch, `${rest}/catalog/search`, {
            query: 'fone',
            pagination: { limit: 10, ...(cursor ? { cursor } : {}) },
          });
          valid(validateSearchResponse(json));
          seen.push(...json.products.map((p: Json) => p.id));
          if (!json.pagination.has_next_page) break;
          cursor = json.pagination.cursor;
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.length).toBeGreaterThan(10);
        const looked = await post(fetch, `${rest}/catalog/lookup`, { ids: seen.slice(0, 3) });
        valid(validateLookupResponse(looked.json));
        expect(looked.json.products.map((p: Json) => p.id).sort()).toEqual(seen.slice(0, 3).sort());
        const detail = await post(fetch, `${rest}/catalog/product`, { id: `${seen[0]}-v1` });
        valid(validateGetProductResponse(detail.json));
        // MCP: JSON-RPC tools/call at the mcp endpoint, the request under catalog, meta beside it.
        const mcp = endpoint('mcp');
        const call = async (name: string, catalog: unknown) => {
          const { json } = await post(
            fetch,
            mcp,
            { jsonrpc: '2.0', id: name, method: 'tools/call', params: { name, arguments: { meta: META, catalog } } },
            { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
          );
          return json.result.structuredContent as Json;
        };
        const first = await call('search_catalog', { query: 'fone', pagination: { limit: 10 } });
        valid(validateSearchResponse(first));
        expect(first.products.map((p: Json) => p.id)).toEqual(seen.slice(0, 10));
        const second = await call('search_catalog', { query: 'fone', pagination: { limit: 10, cursor: first.pagination.cursor } });
        expect(second.products.map((p: Json) => p.id)).toEqual(seen.slice(10, 20));
        valid(validateLookupResponse(await call('lookup_catalog', { ids: seen.slice(0, 2) })));
        valid(validateGetProductResponse(await call('get_product', { id: seen[1] })));
      });
    }

    it('searches over REST: a valid search response, products that agree with get_product, in BRL centavos', async () => {
      const { response, json } = await post(target(), '/ucp/catalog/search', { query: 'fone', pagination: { limit: 3 } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      valid(validateSearchResponse(json));
      expect(json.ucp).toEqual({ version: '2026-04-08', capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] } });
      expect(json.products.length).toBe(3);
      expect(json.pagination.has_next_page).toBe(true);
      expect(json.messages.some((m: Json) => m.type === 'info' && /São Paulo/.test(m.content))).toBe(true);
      const first = json.products[0];
      expect(first.id).toMatch(/^[1-9][0-9]*$/);
      const native = await nativeProduct(target(), Number(first.id));
      expect(first.title).toBe(native.title);
      expect(first.url).toBe(native.url);
      expect(first.price_range.min).toEqual({ amount: native.price.cents, currency: 'BRL' });
      expect(first.variants[0]).toMatchObject({ id: `${first.id}-v1`, price: { amount: native.price.cents, currency: 'BRL' } });
      expect(first.categories).toEqual([{ value: native.category.name, taxonomy: 'merchant' }]);
      // The same search wing: the products search_local_products finds for the same words, in its order.
      const { json: local } = await post(
        target(),
        '/mcp',
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_local_products', arguments: { query: 'fone', limit: 3 } } },
        { 'Content-Type': 'application/json', Accept: 'application/json', 'Mcp-Protocol-Version': '2025-06-18' },
      );
      expect(json.products.map((p: Json) => Number(p.id))).toEqual(local.result.structuredContent.results.map((r: Json) => r.productId));
    });

    it('pages with the cursor, and refuses one that was altered, in words', async () => {
      const fetch = target();
      const first = await post(fetch, '/ucp/catalog/search', { query: 'fone', pagination: { limit: 2 } });
      const next = await post(fetch, '/ucp/catalog/search', {
        query: 'fone',
        pagination: { limit: 2, cursor: first.json.pagination.cursor },
      });
      valid(validateSearchResponse(next.json));
      const ids = (page: Json) => page.products.map((p: Json) => p.id);
      expect(ids(next.json).some((id: string) => ids(first.json).includes(id))).toBe(false);
      const tampered = await post(fetch, '/ucp/catalog/search', {
        query: 'fone',
        pagination: { limit: 2, cursor: `${first.json.pagination.cursor.slice(0, -2)}AA` },
      });
      expect(tampered.response.status).toBe(200);
      valid(validateErrorResponse(tampered.json));
      expect(tampered.json.ucp.status).toBe('error');
      expect(tampered.json.messages[0].content).toMatch(/cursor/i);
    });

    it('filters by categories (any of them) and by a price range in centavos', async () => {
      const fetch = target();
      const { json } = await post(fetch, '/ucp/catalog/search', {
        filters: { categories: ['Eletrônicos', 'Eletrodomésticos'], price: { min: 10_000, max: 300_000 } },
        pagination: { limit: 10 },
      });
      valid(validateSearchResponse(json));
      expect(json.products.length).toBeGreaterThan(0);
      const categories = new Set(json.products.map((p: Json) => p.categories[0].value));
      for (const category of categories) expect(['Eletrônicos', 'Eletrodomésticos']).toContain(category);
      for (const product of json.products) {
        expect(product.price_range.min.amount).toBeGreaterThanOrEqual(10_000);
        expect(product.price_range.min.amount).toBeLessThanOrEqual(300_000);
      }
    });

    it('looks up by product and variant ids: each variant says which ids found it, unknown ids are named', async () => {
      const fetch = target();
      const search = await post(fetch, '/ucp/catalog/search', { query: 'fone', pagination: { limit: 2 } });
      const [a, b] = search.json.products as Json[];
      const { response, json } = await post(fetch, '/ucp/catalog/lookup', { ids: [a!.id, `${b!.id}-v1`, a!.id, '999999999', 'nada'] });
      expect(response.status).toBe(200);
      valid(validateLookupResponse(json));
      expect(json.products.map((p: Json) => p.id).sort()).toEqual([a!.id, b!.id].sort());
      const inputs = Object.fromEntries(json.products.map((p: Json) => [p.id, p.variants[0].inputs]));
      expect(inputs[a!.id]).toEqual([{ id: a!.id, match: 'featured' }]);
      expect(inputs[b!.id]).toEqual([{ id: `${b!.id}-v1`, match: 'exact' }]);
      expect(json.messages).toEqual([
        { type: 'info', code: 'not_found', content: '999999999' },
        { type: 'info', code: 'not_found', content: 'nada' },
      ]);
    });

    it('reads one product, and answers an unknown one with ucp.status "error" and an unrecoverable not_found', async () => {
      const fetch = target();
      const found = await post(fetch, '/ucp/catalog/product', { id: '1' });
      valid(validateGetProductResponse(found.json));
      expect(found.json.product.id).toBe('1');
      const missing = await post(fetch, '/ucp/catalog/product', { id: '999999999' });
      expect(missing.response.status).toBe(200);
      valid(validateErrorResponse(missing.json));
      expect(missing.json.messages).toEqual([expect.objectContaining({ type: 'error', code: 'not_found', severity: 'unrecoverable' })]);
    });

    it('refuses what cannot be read with 400, a batch over the limit as request_too_large, and other methods with 405', async () => {
      const fetch = target();
      const malformed = await post(fetch, '/ucp/catalog/search', '{"query": ');
      expect(malformed.response.status).toBe(400);
      expect(malformed.json.code).toBe('invalid_request');
      const missing = await post(fetch, '/ucp/catalog/lookup', {});
      expect(missing.response.status).toBe(400);
      expect(missing.json.content).toMatch(/ids/);
      const tooMany = await post(fetch, '/ucp/catalog/lookup', { ids: Array.from({ length: 11 }, (_, i) => String(i + 1)) });
      expect(tooMany.response.status).toBe(400);
      expect(tooMany.json.code).toBe('request_too_large');
      const badAgent = await post(
        fetch,
        '/ucp/catalog/search',
        { query: 'tv' },
        { 'Content-Type': 'application/json', 'UCP-Agent': 'profile=nope' },
      );
      expect(badAgent.response.status).toBe(400);
      expect(badAgent.json.code).toBe('invalid_profile_url');
      const noAgent = await post(fetch, '/ucp/catalog/search', { query: 'tv' }, { 'Content-Type': 'application/json' });
      expect(noAgent.response.status).toBe(200);
      valid(validateSearchResponse(noAgent.json));
      expect(noAgent.json.messages.some((m: Json) => m.type === 'warning' && m.code === 'profile_missing')).toBe(true);
      const get = await fetch(new Request(`${ORIGIN}/ucp/catalog/search`));
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST, OPTIONS');
      expect(await get.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
      const preflight = await fetch(
        new Request(`${ORIGIN}/ucp/catalog/search`, {
          method: 'OPTIONS',
          headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST' },
        }),
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/UCP-Agent/);
    });

    for (const kind of SDK_CLIENTS) {
      it(`serves the MCP binding to the official SDK client (${kind}): three read-only tools, valid answers`, async () => {
        const client = await connectSdkClient(target(), kind, '/ucp/mcp');
        try {
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toEqual(['search_catalog', 'lookup_catalog', 'get_product']);
          for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
          const searched = (await client.callTool({
            name: 'search_catalog',
            arguments: { meta: META, catalog: { query: 'fone' } },
          })) as Json;
          valid(validateSearchResponse(searched.structuredContent));
          expect(JSON.parse(searched.content[0].text)).toEqual(searched.structuredContent);
          const id = searched.structuredContent.products[0].id;
          const looked = (await client.callTool({ name: 'lookup_catalog', arguments: { meta: META, catalog: { ids: [id] } } })) as Json;
          valid(validateLookupResponse(looked.structuredContent));
          const detail = (await client.callTool({ name: 'get_product', arguments: { meta: META, catalog: { id } } })) as Json;
          valid(validateGetProductResponse(detail.structuredContent));
          expect(detail.structuredContent.product.price_range).toEqual(searched.structuredContent.products[0].price_range);
        } finally {
          await client.close();
        }
      });
    }

    it('refuses an MCP lookup over the batch limit with -32602', async () => {
      const { json } = await post(
        target(),
        '/ucp/mcp',
        {
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: {
            name: 'lookup_catalog',
            arguments: { meta: META, catalog: { ids: Array.from({ length: 11 }, (_, i) => String(i + 1)) } },
          },
        },
        { 'Content-Type': 'application/json', Accept: 'application/json', 'Mcp-Protocol-Version': '2025-06-18' },
      );
      expect(json.error.code).toBe(-32602);
      expect(json.error.message).toMatch(/request_too_large/);
      expect(json.id).toBe(7);
    });
  });
}
