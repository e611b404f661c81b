import { type CacheHint, McpServer } from '@modelcontextprotocol/server';
import type { AnswerContext } from '../answers/context.ts';
import { SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION } from '../service/service-info.ts';
import { MCP_CAPABILITIES, SERVED_PROTOCOL_VERSIONS } from './protocol.ts';
import type { ToolSet } from './tool-list.ts';

export const SERVER_INFO = { name: SERVICE_NAME, title: SERVICE_TITLE, version: SERVICE_VERSION };

/**
 * A fresh MCP server with an endpoint's tools: the endpoint is stateless, one server per request.
 * With the served revisions listed, the SDK answers initialize with the client's 2025 revision
 * when it is served and with 2025-11-25 otherwise, and server/discover with 2026-07-28.
 */
export function createServer(ctx: AnswerContext, listCache: CacheHint, toolSet: ToolSet): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: MCP_CAPABILITIES,
    instructions: toolSet.instructions,
    supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS],
    // 2026-07-28 clients may cache these answers: they change only with a deployment.
    cacheHints: { 'tools/list': listCache, 'server/discover': listCache },
  });
  for (const tool of toolSet.tools) tool.register(server, ctx);
  return server;
}
