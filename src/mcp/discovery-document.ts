import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { z } from 'zod';
import { publicUrls } from '../contract/paths.ts';
import { SERVICE_DESCRIPTION, SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION, USAGE_POLICY } from '../contract/service-info.ts';
import { type Answer, JSON_CONTENT_TYPE, type RequestFacts } from '../http/answer.ts';
import { type CachePolicy, publicCacheControl } from '../http/caching.ts';
import { conditionalAnswer, type Rendered, render } from '../http/conditional.ts';
import { capabilitiesOf } from './app-resource.ts';
import { MCP_CORS_HEADERS } from './mcp-headers.ts';
import { CONTRACT_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, SERVED_PROTOCOL_VERSIONS } from './protocol.ts';
import type { ToolSet } from './tool-list.ts';
import { ANNOTATIONS } from './tools/tool-definition.ts';

/** What GET /mcp answers: enough for a person or an agent to connect and call the tools. `withViews`: the endpoint serves its tools' views. */
export function discoveryDocument(siteUrl: string, endpoint: string, toolSet: ToolSet, withViews = false) {
  const { documents, endpoints, discovery, pages } = publicUrls(siteUrl);
  return {
    name: SERVICE_NAME,
    title: SERVICE_TITLE,
    version: SERVICE_VERSION,
    description: SERVICE_DESCRIPTION,
    protocolVersions: SERVED_PROTOCOL_VERSIONS,
    transport: 'streamable-http',
    endpoint: siteUrl + endpoint,
    authentication: 'none',
    usage:
      'POST one JSON-RPC 2.0 message per request with Content-Type: application/json and Accept: application/json. ' +
      `${MODERN_PROTOCOL_VERSION} clients start with server/discover; 2025 clients with initialize. Without an ` +
      `MCP-Protocol-Version header a request is served as ${CONTRACT_PROTOCOL_VERSION}. Stateless: no session; answers are JSON.`,
    instructions: toolSet.instructions,
    capabilities: capabilitiesOf(withViews),
    // The MCP Apps views (resources/read gives them, with their policy), each with the tools that link it.
    ...(withViews ? { resources: viewsOf(toolSet) } : {}),
    // The same JSON Schemas as tools/list, in its dialect (2020-12, as MCP has it since 2025-11-25):
    // generated from the tools' zod schemas.
    tools: toolSet.tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.inputSchema, { target: 'draft-2020-12', io: 'input' }),
      annotations: { title: tool.title, ...ANNOTATIONS },
    })),
    documents,
    endpoints,
    discovery,
    pages,
    usagePolicy: USAGE_POLICY,
  };
}

/** Each view the tools link (their `view`), in the tools' order, with the names of the tools that link it. */
function viewsOf(toolSet: ToolSet) {
  const linkedBy = new Map<string, string[]>();
  for (const { name, view } of toolSet.tools) if (view !== undefined) linkedBy.set(view, [...(linkedBy.get(view) ?? []), name]);
  return [...linkedBy].map(([uri, tools]) => ({ uri, mimeType: RESOURCE_MIME_TYPE, linkedBy: tools }));
}

/** GET /mcp: the discovery document, rendered on first use, with HTTP caching. */
export function createDiscoveryDocument(
  siteUrl: string,
  endpoint: string,
  toolSet: ToolSet,
  cache: CachePolicy,
  withViews = false,
): (facts: RequestFacts) => Answer {
  let rendered: Rendered | undefined;
  const cacheControl = publicCacheControl(cache);
  return (facts) => {
    rendered ??= render(JSON.stringify(discoveryDocument(siteUrl, endpoint, toolSet, withViews)));
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
