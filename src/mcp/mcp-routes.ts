import type { RouteEntry } from '../http/route.ts';
import { withTrailingSlash } from '../service/path-match.ts';
import { PATHS } from '../service/paths.ts';
import { createMcpEndpoint, type McpDeps } from './endpoint.ts';
import { mcpFailure } from './json-rpc.ts';
import { CATALOG_TOOLS, RESEARCH_TOOLS } from './tool-list.ts';

// With a trailing slash too: clients are configured with either, and a 405 page there helps nobody.
/** /mcp: the catalog's three tools. */
export const mcpRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'mcp',
  ...withTrailingSlash(PATHS.mcp),
  failure: mcpFailure,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.mcp, toolSet: CATALOG_TOOLS }) }),
};

/** /mcp/research: the search and fetch pair ChatGPT connectors and deep research call. */
export const researchRoute: RouteEntry<{ mcp: McpDeps }> = {
  name: 'research',
  ...withTrailingSlash(PATHS.research),
  failure: mcpFailure,
  template: (p) => p,
  handler: ({ mcp }) => ({ body: createMcpEndpoint(mcp, { path: PATHS.research, toolSet: RESEARCH_TOOLS }) }),
};
