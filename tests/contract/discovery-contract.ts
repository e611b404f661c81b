import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { AiCatalog } from '../../src/documents/discovery/ai-catalog.ts';
import type { RegistryServerJson } from '../../src/documents/discovery/registry-server-json.ts';
import type { ServerCard } from '../../src/documents/discovery/server-card.ts';
import { serverCardErrors, serverJsonErrors } from '../support/json-schemas.ts';
import type { Send } from './stats-contract.ts';

const CARD_TYPE = 'application/mcp-server-card+json';
const DOCUMENTS = [
  ['/mcp/server-card', CARD_TYPE],
  ['/.well-known/ai-catalog.json', 'application/ai-catalog+json'],
  ['/server.json', 'application/json; charset=utf-8'],
] as const;

/** A comma-separated header field as lower-case names. */
const names = (value: string | null) => (value ?? '').toLowerCase().split(/\s*,\s*/);

/** An official SDK client (v2) on the target's /mcp: pinned to 2026-07-28 (server/discover) or offering one 2025 revision (initialize). */
async function connect(send: Send, revision: string): Promise<Client> {
  const modern = revision >= '2026';
  const client = new Client(
    { name: 'discovery-contract', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: revision } } } : { supportedProtocolVersions: [revision] },
  );
  const viaTarget = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return send(url.pathname + url.search, request);
  };
  await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: viaTarget }));
  return client;
}

/**
 * The MCP discovery documents (docs/api.md, "Discovery documents"), the same on every target: the
 * server card, the AI catalog that lists it, and the MCP Registry's server.json, with their media
 * types and CORS, valid against the schemas their owners publish, and true to what /mcp answers.
 * `validators`: whether the target answers If-None-Match itself (Netlify's CDN does; its local
 * emulation serves static files with no ETag at all).
 */
export function describeDiscoveryContract(target: string, send: () => Send, options: { validators: boolean }) {
  const json = async <T>(path: string, accept = 'application/json'): Promise<T> => {
    const response = await send()(path, { headers: { Accept: accept } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  describe(`MCP discovery documents: ${target}`, () => {
    it('serves the card, the catalog and server.json with their media types, CORS as the card draft asks, and the documents’ cache policy', async () => {
      for (const [path, type] of DOCUMENTS) {
        const response = await send()(path, { headers: { Accept: type } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe(type);
        expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
        expect(names(response.headers.get('access-control-allow-methods')), path).toContain('get');
        expect(names(response.headers.get('access-control-allow-headers')), path).toEqual(
          expect.arrayContaining(['content-type', 'if-none-match']),
        );
        expect(names(response.headers.get('access-control-expose-headers')), path).toContain('etag');
        expect(response.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
        JSON.parse(await response.text());
      }
    });

    it("serves a card valid against the draft's schema, and a server.json valid against the registry's, naming the same server", async () => {
      const card = await json<ServerCard>('/mcp/server-card', CARD_TYPE);
      expect(serverCardErrors(card)).toEqual([]);
      const entry = await json<RegistryServerJson>('/server.json');
      expect(serverJsonErrors(entry)).toEqual([]);
      const { name, version, title, description, websiteUrl } = card;
      expect(entry).toMatchObject({ name, version, title, description, websiteUrl });
      expect(entry.remotes).toEqual([{ type: 'streamable-http', url: card.remotes[0]!.url }]);
    });

    it('lists the card in the AI catalog at the URL it is served at, with the members of both drafts of an entry', async () => {
      const catalog = await json<AiCatalog>('/.well-known/ai-catalog.json', 'application/ai-catalog+json');
      const card = await json<ServerCard>('/mcp/server-card', CARD_TYPE);
      expect(catalog.specVersion).toBe('1.0');
      expect(catalog.entries).toEqual([
        {
          identifier: expect.stringMatching(/^urn:air:[^:]+:mcp:[^:]+$/),
          type: CARD_TYPE,
          mediaType: CARD_TYPE,
          displayName: card.title,
          url: new URL('/mcp/server-card', card.websiteUrl).href,
        },
      ]);
      expect(catalog.entries[0]!.identifier.endsWith(`:${card.name.split('/')[1]}`)).toBe(true);
    });

    it('agrees with what /mcp answers through the official SDK client: server/discover at 2026-07-28, initialize at each 2025 revision the card names', async () => {
      const card = await json<ServerCard>('/mcp/server-card', CARD_TYPE);
      const [remote] = card.remotes;
      expect(card.remotes).toHaveLength(1);
      expect(new URL(remote!.url).pathname).toBe('/mcp');
      expect(new URL(remote!.url).origin).toBe(new URL(card.websiteUrl).origin);
      expect(remote!.supportedProtocolVersions).toEqual(expect.arrayContaining(['2026-07-28', '2025-06-18']));
      for (const revision of remote!.supportedProtocolVersions) {
        const client = await connect(send(), revision);
        try {
          expect(client.getNegotiatedProtocolVersion(), revision).toBe(revision);
          const info = client.getServerVersion()!;
          expect(card.name.split('/')[1], revision).toBe(info.name);
          expect(card.version, revision).toBe(info.version);
          expect(card.title, revision).toBe(info.title);
          const discovered = client.getDiscoverResult();
          if (revision >= '2026') expect(remote!.supportedProtocolVersions).toEqual(expect.arrayContaining(discovered!.supportedVersions));
          else expect(discovered).toBeUndefined();
        } finally {
          await client.close();
        }
      }
    });

    it('answers the preflight on the card, and the error contract’s 405 to other methods', async () => {
      const preflight = await send()('/mcp/server-card', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://agent.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(names(preflight.headers.get('access-control-allow-methods'))).toContain('get');
      expect(names(preflight.headers.get('access-control-allow-headers'))).toEqual(
        expect.arrayContaining(['content-type', 'if-none-match']),
      );
      const post = await send()('/mcp/server-card', { method: 'POST', body: '{}' });
      expect(post.status).toBe(405);
      expect(await post.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    });

    it.skipIf(!options.validators)('revalidates the card: an ETag, and 304 with no body on a matching If-None-Match', async () => {
      const first = await send()('/mcp/server-card', { headers: { Accept: CARD_TYPE } });
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      const again = await send()('/mcp/server-card', { headers: { Accept: CARD_TYPE, 'If-None-Match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
      expect(await again.text()).toBe('');
      const other = await send()('/mcp/server-card', { headers: { 'If-None-Match': '"another"' } });
      expect(other.status).toBe(200);
    });

    it('lets crawlers read the card while keeping them off the MCP endpoint', async () => {
      const lines = (await (await send()('/robots.txt')).text()).split('\n');
      expect(lines).toEqual(expect.arrayContaining(['Allow: /mcp/server-card', 'Disallow: /mcp']));
    });
  });
}
