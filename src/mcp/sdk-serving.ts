import { type CacheHint, createMcpHandler, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { McpMessage } from './read-message.ts';
import { createServer } from './server.ts';
import type { ToolSet } from './tool-list.ts';
import type { ToolContext } from './tools/tool-context.ts';

/**
 * The official SDK answers every checked message: 2026-07-28 ones through its per-request handler
 * (server/discover, the _meta envelope, Mcp-Method/Mcp-Name, resultType, cache hints), 2025 ones
 * through a stateless transport of its own with JSON answers, since the SDK's own stateless
 * fallback answers with an event stream and refuses the contract's `Accept: application/json`.
 */
export function createSdkServing(ctx: ToolContext, listCache: CacheHint, toolSet: ToolSet) {
  const modern = createMcpHandler(() => createServer(ctx, listCache, toolSet), { legacy: 'reject' });

  const legacy = async (request: Request, message: McpMessage): Promise<Response> => {
    const server = createServer(ctx, listCache, toolSet);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      // The contract's clients send Accept: application/json alone; answers are always JSON.
      const headers = new Headers(request.headers);
      headers.set('accept', 'application/json, text/event-stream');
      const init = { method: 'POST', headers, signal: request.signal };
      return await transport.handleRequest(new Request(request.url, init), { parsedBody: message.body });
    } finally {
      await transport.close();
      await server.close();
    }
  };

  return {
    serve: (request: Request, message: McpMessage): Promise<Response> =>
      message.era === 'modern' ? modern.fetch(request, { parsedBody: message.body }) : legacy(request, message),
    close: () => modern.close(),
  };
}
