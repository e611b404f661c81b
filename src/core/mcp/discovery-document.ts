import { z } from 'zod';
import type { DiscoveryContext } from '../discovery/discovery-context.ts';
import { strongEtag, ifNoneMatchHits } from '../http/etag.ts';
import { JSON_CONTENT_TYPE, publicCacheControl } from '../http/headers.ts';
import { MCP_CAPABILITIES, MCP_PROTOCOL_VERSION, publicUrls, SERVICE_DESCRIPTION, SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION, USAGE_POLICY } from '../service-info.ts';
import { SERVER_INSTRUCTIONS } from './create-server.ts';
import { MCP_CORS_HEADERS } from './mcp-headers.ts';
import { TOOLS } from './tools/index.ts';

/** What GET /mcp answers: enough for a person or an agent to connect and call the tools. */
export function discoveryDocument(siteUrl: string) {
  const { documents, endpoints } = publicUrls(siteUrl);
  return {
    name: SERVICE_NAME,
    title: SERVICE_TITLE,
    version: SERVICE_VERSION,
    description: SERVICE_DESCRIPTION,
    protocolVersion: MCP_PROTOCOL_VERSION,
    transport: 'streamable-http',
    endpoint: endpoints.mcp,
    authentication: 'none',
    usage: 'POST one JSON-RPC 2.0 message per request with Content-Type: application/json and Accept: application/json ' +
      `(MCP-Protocol-Version: ${MCP_PROTOCOL_VERSION}). Stateless: no session; answers are JSON, never an event stream.`,
    instructions: SERVER_INSTRUCTIONS,
    capabilities: MCP_CAPABILITIES,
    // The same JSON Schemas as tools/list: generated from the tools' zod schemas.
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' }),
      annotations: { readOnlyHint: true },
    })),
    documents,
    endpoints,
    usagePolicy: USAGE_POLICY,
  };
}

/** GET /mcp: the discovery document with HTTP caching, rendered on first use. */
export function createDiscoveryResponder(ctx: DiscoveryContext & { cache: { maxAge: number; staleWhileRevalidate: number } }) {
  let rendered: { body: string; etag: string } | undefined;
  return (request: Request): Response => {
    if (rendered === undefined) {
      const body = JSON.stringify(discoveryDocument(ctx.siteUrl));
      rendered = { body, etag: strongEtag(body) };
    }
    const headers = {
      ...MCP_CORS_HEADERS,
      'Content-Type': JSON_CONTENT_TYPE,
      'Cache-Control': publicCacheControl(ctx.cache),
      ETag: rendered.etag,
      // A GET asking for an event stream gets a 405 instead: caches must keep the two apart.
      Vary: 'Accept',
    };
    if (ifNoneMatchHits(request.headers.get('if-none-match'), rendered.etag)) return new Response(null, { status: 304, headers });
    return new Response(rendered.body, { status: 200, headers });
  };
}
