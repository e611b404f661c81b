import { describe, expect, it } from 'vitest';
import { PRODUCT_CARDS_URI } from '../../src/mcp-app/view-files.ts';
import { readSampleExport } from '../support/sample-export.ts';
import { connectSdkClient, type Fetch, modernHeaders, rpc, SDK_CLIENTS } from './mcp-contract.ts';

const ORIGIN = 'http://localhost';
const MCP_APP_MIME = 'text/html;profile=mcp-app';
const UI_EXTENSION = 'io.modelcontextprotocol/ui';
const SPEC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json', 'Mcp-Protocol-Version': '2025-06-18' };

/** The origins of the sample catalog's published images, most first: what the cards' policy must name. */
function sampleImageOrigins(): string[] {
  const counts = new Map<string, number>();
  for (const p of readSampleExport().products) {
    if (p.publishedAt === null) continue;
    const origin = new URL(p.imageUrl).origin;
    counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([origin]) => origin);
}

/** What these tests use of either SDK line's client, beyond the MCP contract's. */
interface ViewsClient {
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string; name: string }[] }>;
  readResource(params: { uri: string }): Promise<ReadResult>;
  close(): Promise<void>;
}

interface ReadResult {
  contents: { uri: string; mimeType?: string; text?: string; _meta?: { ui?: { csp?: { resourceDomains?: string[] } } } }[];
}

/**
 * Issue 32's product cards (an MCP App) on a target: the tools link the view, resources/list and
 * resources/read serve it with its policy, in every revision /mcp serves, to the SDK clients of
 * both lines; /mcp/research stays tools-only. `siteUrl`: the target's SITE_URL, when the test sets it.
 */
export function describeAppViewsContract(name: string, target: () => Fetch, siteUrl?: string) {
  describe(`MCP Apps views: ${name}`, () => {
    it.each(SDK_CLIENTS)('the SDK client %s lists the cards as a resource, reads them, and sees the tools link them', async (kind) => {
      const client = (await connectSdkClient(target(), kind)) as unknown as ViewsClient;
      try {
        const { tools } = await client.listTools();
        const linked = Object.fromEntries(tools.map((t) => [t.name, (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri]));
        expect(linked).toEqual({ catalog_overview: undefined, search_local_products: PRODUCT_CARDS_URI, get_product: PRODUCT_CARDS_URI });
        const { resources } = await client.listResources();
        expect(resources).toEqual([expect.objectContaining({ uri: PRODUCT_CARDS_URI, mimeType: MCP_APP_MIME })]);
        const read = await client.readResource({ uri: PRODUCT_CARDS_URI });
        const [content] = read.contents;
        expect(content).toMatchObject({ uri: PRODUCT_CARDS_URI, mimeType: MCP_APP_MIME });
        expect(content!.text).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
        // One self-contained document: its script and styles inline, nothing to fetch.
        expect(content!.text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);
        // The catalog's image origins, and the site's.
        const domains = content!._meta?.ui?.csp?.resourceDomains ?? [];
        const images = sampleImageOrigins();
        expect(domains.slice(0, images.length)).toEqual(images);
        expect(domains.slice(images.length)).toEqual([siteUrl ? new URL(siteUrl).origin : expect.stringMatching(/^https?:\/\/[^/]+$/)]);
      } finally {
        await client.close();
      }
    });

    it('advertises the resources and the MCP Apps extension at initialize (2025-06-18) and server/discover (2026-07-28)', async () => {
      const init = await rpc(target(), {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      expect(init.json.result.capabilities).toMatchObject({ tools: {}, resources: {}, extensions: { [UI_EXTENSION]: {} } });
      // The GET discovery document says the same, and names the view.
      const doc = await (await target()(new Request(`${ORIGIN}/mcp`, { headers: { Accept: 'application/json' } }))).json();
      expect(doc.capabilities).toEqual(init.json.result.capabilities);
      expect(doc.resources).toEqual([
        { uri: PRODUCT_CARDS_URI, mimeType: MCP_APP_MIME, linkedBy: ['search_local_products', 'get_product'] },
      ]);
      const read = await rpc(target(), { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: PRODUCT_CARDS_URI } });
      expect(read.json.result.contents[0]).toMatchObject({ uri: PRODUCT_CARDS_URI, mimeType: MCP_APP_MIME });

      const envelope = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME] } } },
        'io.modelcontextprotocol/clientInfo': { name: 'replay', version: '1' },
      };
      const discover = await rpc(
        target(),
        { jsonrpc: '2.0', id: 3, method: 'server/discover', params: { _meta: envelope } },
        modernHeaders('server/discover'),
      );
      expect(discover.json.result.capabilities).toMatchObject({ resources: {}, extensions: { [UI_EXTENSION]: {} } });
      // 2026-07-28 requires cache hints on complete list and read results.
      for (const [method, params] of [
        ['resources/list', {}],
        ['resources/read', { uri: PRODUCT_CARDS_URI }],
      ] as const) {
        const answer = await rpc(
          target(),
          { jsonrpc: '2.0', id: 4, method, params: { ...params, _meta: envelope } },
          modernHeaders(method, 'uri' in params ? params.uri : undefined),
        );
        expect(answer.response.status, answer.text).toBe(200);
        expect(answer.json.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
        expect(answer.json.result.ttlMs).toBeGreaterThan(0);
      }
    });

    it('answers an unknown resource with a JSON-RPC error, and keeps /mcp/research tools-only', async () => {
      const unknown = await rpc(target(), { jsonrpc: '2.0', id: 5, method: 'resources/read', params: { uri: 'ui://catalogo/nope.html' } });
      expect(unknown.response.status).toBe(200);
      expect(unknown.json.error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('ui://catalogo/nope.html'),
        data: { uri: 'ui://catalogo/nope.html' },
      });
      expect(unknown.json.result).toBeUndefined();
      const notAUri = await rpc(target(), { jsonrpc: '2.0', id: 6, method: 'resources/read', params: {} });
      expect(notAUri.json.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: params\.uri/) });

      const research = (body: unknown) =>
        target()(new Request(`${ORIGIN}/mcp/research`, { method: 'POST', headers: SPEC_HEADERS, body: JSON.stringify(body) }));
      const init = await (
        await research({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        })
      ).json();
      expect(init.result.capabilities.resources).toBeUndefined();
      expect(init.result.capabilities.extensions).toBeUndefined();
      const list = await (await research({ jsonrpc: '2.0', id: 2, method: 'resources/list' })).json();
      expect(list.error).toMatchObject({ code: -32601 });
    });
  });
}
