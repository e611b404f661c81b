import { type CacheHint, createMcpHandler, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { AnswerContext } from '../answers/context.ts';
import type { AppViews } from './app-views.ts';
import type { McpMessage } from './read-message.ts';
import { createServer } from './server.ts';
import type { ToolSet } from './tool-list.ts';

/**
 * The official SDK answers every checked message: 2026-07-28 ones through its per-request handler
 * (server/discover, the _meta envelope, Mcp-Method/Mcp-Name, resultType, cache hints), 2025 ones
 * through a stateless transport of its own with JSON answers, since the SDK's own stateless
 * fallback answers with an event stream and refuses the contract's `Accept: application/json`.
 */
export function createSdkServing(ctx: AnswerContext, listCache: CacheHint, toolSet: ToolSet, views: AppViews | null) {
  // A call's own context (counters withheld by the enumeration guard), by the Request the SDK
  // hands the factory: the one given to its fetch.
  const contexts = new WeakMap<Request, AnswerContext>();
  const modern = createMcpHandler(
    ({ requestInfo }) => createServer((requestInfo && contexts.get(requestInfo)) ?? ctx, listCache, toolSet, views),
    { legacy: 'reject' },
  );

  const legacy = async (request: Request, message: McpMessage, callContext: AnswerContext): Promise<Response> => {
    const server = createServer(callContext, listCache, toolSet, views);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      // The contract's clients send Accept: application/json alone; answers are always JSON.
      const headers = { accept: 'application/json, text/event-stream' };
      return await transport.handleRequest(sdkRequest(request, message, headers), { parsedBody: message.body });
    } finally {
      await transport.close();
      await server.close();
    }
  };

  return {
    /** `callContext`: what the tools run with for this request (the endpoint's context unless the call's own). */
    serve: (request: Request, message: McpMessage, callContext: AnswerContext = ctx): Promise<Response> => {
      if (message.era !== 'modern') return legacy(request, message, callContext);
      const sent = message.allowances.length === 0 ? request : sdkRequest(request, message);
      if (callContext !== ctx) contexts.set(sent, callContext);
      return modern.fetch(sent, { parsedBody: message.body });
    },
    close: () => modern.close(),
  };
}

/**
 * The request as the SDK reads it (it checks the headers again itself): the version header as this
 * endpoint read it (a client allowance may have read it otherwise), and `set`. The body is the
 * parsed one handed over beside it.
 */
function sdkRequest(request: Request, message: McpMessage, set: Record<string, string> = {}): Request {
  const headers = new Headers(request.headers);
  if (message.versionHeader !== null) headers.set('mcp-protocol-version', message.versionHeader);
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return new Request(request.url, { method: 'POST', headers, signal: request.signal });
}
