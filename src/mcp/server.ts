import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InitializeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION } from '../service/service-info.ts';
import { MCP_CAPABILITIES, MCP_PROTOCOL_VERSION, SERVER_INSTRUCTIONS } from './protocol.ts';
import { TOOLS } from './tool-list.ts';
import type { ToolContext } from './tools/tool-context.ts';

/** A fresh MCP server with the catalog tools: the endpoint is stateless, one server per request. */
export function createServer(ctx: ToolContext): McpServer {
  const serverInfo = { name: SERVICE_NAME, title: SERVICE_TITLE, version: SERVICE_VERSION };
  const server = new McpServer(serverInfo, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
  for (const tool of TOOLS) tool.register(server, ctx);
  // The SDK answers initialize with the client's version when it knows it (up to 2025-11-25);
  // this server speaks one version, and says so whatever the client proposes.
  server.server.setRequestHandler(InitializeRequestSchema, () => ({
    protocolVersion: MCP_PROTOCOL_VERSION,
    capabilities: MCP_CAPABILITIES,
    serverInfo,
    instructions: SERVER_INSTRUCTIONS,
  }));
  return server;
}
