import { CORS_HEADERS, EXPOSED_HEADERS, preflight } from '../http/cors.ts';

export const MCP_METHODS = 'GET, HEAD, POST, OPTIONS';

/** Browser pages of the allowed origins call it (the endpoint checks Origin): public and read-only. */
export const MCP_CORS_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'Access-Control-Expose-Headers': [...EXPOSED_HEADERS, 'Mcp-Session-Id'].join(', '),
};

export const mcpPreflight = preflight(
  MCP_METHODS,
  'Accept, Content-Type, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID',
  MCP_CORS_HEADERS,
);
