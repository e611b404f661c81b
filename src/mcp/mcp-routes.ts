import type { RouteEntry } from '../http/route.ts';
import { PATHS } from '../service/paths.ts';
import { createMcpEndpoint, type McpDeps } from './endpoint.ts';
import { JSON_RPC_ERRORS } from './json-rpc.ts';
import { MCP_METHODS } from './mcp-headers.ts';
import { CATALOG_TOOLS, RESEARCH_TOOLS } from './tool-list.ts';

// With a trailing slash too: clients are configured with either, and a 405 page there helps nobody.
const atPath = (path: string) => (p: string) => p === path || p === `${path}/`;

/** /mcp: the catalog's three tools. */
export const mcpRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'mcp',
  match: atPath(PATHS.mcp),
  netlify: [PATHS.mcp, `${PATHS.mcp}/`],
  errors: JSON_RPC_ERRORS,
  allow: MCP_METHODS,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.mcp, toolSet: CATALOG_TOOLS }) }),
};

/** /mcp/research: the search and fetch pair ChatGPT connectors and deep research call. */
export const researchRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'research',
  match: atPath(PATHS.research),
  netlify: [PATHS.research, `${PATHS.research}/`],
  errors: JSON_RPC_ERRORS,
  allow: MCP_METHODS,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.research, toolSet: RESEARCH_TOOLS }) }),
};
