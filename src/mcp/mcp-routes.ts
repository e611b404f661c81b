import { withTrailingSlash } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';
import type { RouteEntry } from '../http/route.ts';
import { createMcpEndpoint, type McpDeps } from './endpoint.ts';
import { JSON_RPC_ERRORS } from './json-rpc.ts';
import { MCP_METHODS } from './mcp-headers.ts';
import { CATALOG_TOOLS, RESEARCH_TOOLS, type ToolSet, UCP_TOOLS } from './tool-list.ts';

/** An MCP endpoint's route: its path (with a trailing slash too: clients are configured with either) and its tools. */
const mcpEndpointRoute = (name: string, path: string, toolSet: ToolSet): RouteEntry<{ mcp: McpDeps }> => ({
  name,
  ...withTrailingSlash(path),
  errors: JSON_RPC_ERRORS,
  allow: MCP_METHODS,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path, toolSet }) }),
});

/** /mcp: the catalog's three tools. */
export const mcpRoute = mcpEndpointRoute('mcp', PATHS.mcp, CATALOG_TOOLS);

/** /mcp/research: the search and fetch pair ChatGPT connectors and deep research call. */
export const researchRoute = mcpEndpointRoute('research', PATHS.research, RESEARCH_TOOLS);

/** /ucp/mcp: UCP's catalog tools, the MCP binding the business profile (/.well-known/ucp) names. */
export const ucpMcpRoute = mcpEndpointRoute('ucp-mcp', PATHS.ucpMcp, UCP_TOOLS);
