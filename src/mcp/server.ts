import { type CacheHint, McpServer } from '@modelcontextprotocol/server';
import type { AnswerContext } from '../answers/context.ts';
import { SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION } from '../contract/service-info.ts';
import { capabilitiesOf, registerProductCards } from './app-resource.ts';
import type { AppViews } from './app-views.ts';
import { SERVED_PROTOCOL_VERSIONS } from './protocol.ts';
import type { ToolSet } from './tool-list.ts';

export const SERVER_INFO = { name: SERVICE_NAME, title: SERVICE_TITLE, version: SERVICE_VERSION };

/**
 * A fresh MCP server with an endpoint's tools, and their views when the endpoint has them and the
 * build made them: the endpoint is stateless, one server per request.
 * With the served revisions listed, the SDK answers initialize with the client's 2025 revision
 * when it is served and with 2025-11-25 otherwise, and server/discover with 2026-07-28.
 */
export function createServer(ctx: AnswerContext, listCache: CacheHint, toolSet: ToolSet, views: AppViews | null): McpServer {
  const withViews = toolSet.views && views !== null;
  const server = new McpServer(SERVER_INFO, {
    capabilities: capabilitiesOf(withViews),
    instructions: toolSet.instructions,
    supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS],
    // 2026-07-28 clients may cache these answers: they change only with a deployment (the views'
    // policy with a rebuild, which a deployment follows).
    cacheHints: {
      'tools/list': listCache,
      'server/discover': listCache,
      ...(withViews ? { 'resources/list': listCache, 'resources/read': listCache } : {}),
    },
  });
  for (const tool of toolSet.tools) tool.register(server, ctx, withViews);
  if (withViews) registerProductCards(server, ctx, views);
  return server;
}
