import { z } from 'zod';
import { type Answer, JSON_CONTENT_TYPE, type RequestFacts } from '../http/answer.ts';
import { type CachePolicy, publicCacheControl } from '../http/caching.ts';
import { conditionalAnswer, type Rendered, render } from '../http/conditional.ts';
import { publicUrls } from '../service/paths.ts';
import { SERVICE_DESCRIPTION, SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION, USAGE_POLICY } from '../service/service-info.ts';
import { MCP_CORS_HEADERS } from './mcp-headers.ts';
import { MCP_CAPABILITIES, MCP_PROTOCOL_VERSION, SERVER_INSTRUCTIONS } from './protocol.ts';
import { TOOLS } from './tool-list.ts';

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
    usage:
      'POST one JSON-RPC 2.0 message per request with Content-Type: application/json and Accept: application/json ' +
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

/** GET /mcp: the discovery document, rendered on first use, with HTTP caching. */
export function createDiscoveryDocument(siteUrl: string, cache: CachePolicy): (facts: RequestFacts) => Answer {
  let rendered: Rendered | undefined;
  const cacheControl = publicCacheControl(cache);
  return (facts) => {
    rendered ??= render(JSON.stringify(discoveryDocument(siteUrl)));
    const headers = {
      ...MCP_CORS_HEADERS,
      'Content-Type': JSON_CONTENT_TYPE,
      'Cache-Control': cacheControl,
      ETag: rendered.etag,
      // A GET asking for an event stream gets a 405 instead: caches must keep the two apart.
      Vary: 'Accept',
    };
    return conditionalAnswer(facts, rendered.etag, headers, rendered.body);
  };
}
