import { SERVER_INSTRUCTIONS } from './protocol.ts';
import { catalogOverviewTool } from './tools/catalog-overview/tool.ts';
import { researchFetchTool } from './tools/fetch/tool.ts';
import { getProductTool } from './tools/get-product/tool.ts';
import { researchSearchTool } from './tools/search/tool.ts';
import { searchLocalProductsTool } from './tools/search-local-products/tool.ts';
import type { ToolDefinition } from './tools/tool-definition.ts';
import { ucpGetProductTool } from './tools/ucp-get-product/tool.ts';
import { ucpLookupCatalogTool } from './tools/ucp-lookup-catalog/tool.ts';
import { ucpSearchCatalogTool } from './tools/ucp-search-catalog/tool.ts';

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

/** /ucp/mcp: UCP's catalog tools (its MCP binding, docs/api.md "UCP"), on the same catalog; tools only. */
export const UCP_TOOLS = toolSet(
  [ucpSearchCatalogTool, ucpLookupCatalogTool, ucpGetProductTool],
  'Universal Commerce Protocol (UCP) catalog of a Brazilian online shop, read-only: search_catalog, lookup_catalog and get_product, ' +
    'each taking meta["ucp-agent"].profile and its request under catalog. Prices are BRL centavos. The business profile is at /.well-known/ucp.',
);
