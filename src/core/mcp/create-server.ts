import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InitializeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { DiscoveryContext } from '../discovery/discovery-context.ts';
import { MCP_CAPABILITIES, MCP_PROTOCOL_VERSION, SERVICE_NAME, SERVICE_TITLE, SERVICE_VERSION } from '../service-info.ts';
import { TOOLS } from './tools/index.ts';

export const SERVER_INSTRUCTIONS =
  'Read-only catalog of a Brazilian online shop. Start with catalog_overview (counts, cities, categories), find products ' +
  'with search_local_products (words, category, city, district or coordinates; São Paulo by default), then read one with ' +
  'get_product. Prices are in BRL. Interactive, user-requested lookups only: no enumeration, mirroring or bulk collection.';

/** A fresh MCP server with the catalog tools: the endpoint is stateless, one server per request. */
export function createServer(ctx: DiscoveryContext): McpServer {
  const serverInfo = { name: SERVICE_NAME, title: SERVICE_TITLE, version: SERVICE_VERSION };
  const server = new McpServer(serverInfo, { capabilities: { tools: {} }, instructions: SERVER_INSTRUCTIONS });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      (args: Record<string, unknown>) => {
        try {
          return tool.run(ctx, args as never);
        } catch (error) {
          // The SDK would put the error's own message in the result: never show internals.
          ctx.logError(error);
          return { content: [{ type: 'text', text: 'Internal error: the catalog is unavailable right now. Retry later.' }], isError: true };
        }
      },
    );
  }
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
