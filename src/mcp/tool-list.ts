import { SERVER_INSTRUCTIONS } from './protocol.ts';
import { catalogOverviewTool } from './tools/catalog-overview/tool.ts';
import { researchFetchTool } from './tools/fetch/tool.ts';
import { getProductTool } from './tools/get-product/tool.ts';
import { researchSearchTool } from './tools/search/tool.ts';
import { searchLocalProductsTool } from './tools/search-local-products/tool.ts';
import type { ToolDefinition } from './tools/tool-definition.ts';

/** The tools of one MCP endpoint, in the order tools/list shows them, with what the server tells clients about them. */
export interface ToolSet {
  tools: readonly ToolDefinition[];
  byName: ReadonlyMap<string, ToolDefinition>;
  instructions: string;
  /** Whether the endpoint serves the tools' views (MCP Apps), when the build has them. */
  views: boolean;
}

const toolSet = (tools: readonly ToolDefinition[], instructions: string, views = false): ToolSet => ({
  tools,
  byName: new Map(tools.map((tool) => [tool.name, tool])),
  instructions,
  views,
});

/** /mcp: exactly the contract's three tools, one folder each. */
export const TOOLS: readonly ToolDefinition[] = [catalogOverviewTool, searchLocalProductsTool, getProductTool];
export const CATALOG_TOOLS = toolSet(TOOLS, SERVER_INSTRUCTIONS, true);

/** /mcp/research: the search and fetch pair ChatGPT connectors and deep research call, on the same catalog; tools only. */
export const RESEARCH_TOOLS = toolSet(
  [researchSearchTool, researchFetchTool],
  'Read-only catalog of a Brazilian online shop. search finds products in the whole catalog by words (id, title, URL); ' +
    'fetch reads one by id as a document (description, price in BRL, merchant and stores). Cite the product URL.',
);
