import { withTrailingSlash } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';
import type { RouteEntry } from '../http/route.ts';
import { createMcpEndpoint, type McpDeps } from './endpoint.ts';
import { JSON_RPC_ERRORS } from './json-rpc.ts';
import { MCP_METHODS } from './mcp-headers.ts';
import { CATALOG_TOOLS, RESEARCH_TOOLS, UCP_TOOLS } from './tool-list.ts';

/** /mcp: the catalog's three tools (with a trailing slash too: clients are configured with either). */
export const mcpRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'mcp',
  ...withTrailingSlash(PATHS.mcp),
  errors: JSON_RPC_ERRORS,
  allow: MCP_METHODS,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.mcp, toolSet: CATALOG_TOOLS }) }),
};

/** /mcp/research: the search and fetch pair ChatGPT connectors and deep research call. */
export const researchRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'research',
  ...withTrailingSlash(PATHS.research),
  errors: JSON_RPC_ERRORS,
  allow: MCP_METHODS,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.research, toolSet: RESEARCH_TOOLS }) }),
};

/** /ucp/mcp: UCP's catalog tools, the MCP binding the business profile (/.well-known/ucp) names. */
export const ucpMcpRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'ucp-mcp',
  ...withTrailingSlash(PATHS.ucpMcp),
  errors: JSON_RPC_ERRORS,
  allow: MCP_METHODS,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.ucpMcp, toolSet: UCP_TOOLS }) }),
};
