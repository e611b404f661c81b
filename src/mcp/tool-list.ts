import { catalogOverviewTool } from './tools/catalog-overview/tool.ts';
import { getProductTool } from './tools/get-product/tool.ts';
import { searchLocalProductsTool } from './tools/search-local-products/tool.ts';
import type { ToolDefinition } from './tools/tool-definition.ts';

/** The server's tools, in the order tools/list shows them: one folder each. */
export const TOOLS: readonly ToolDefinition[] = [catalogOverviewTool, searchLocalProductsTool, getProductTool];

export const TOOL_NAMES: ReadonlySet<string> = new Set(TOOLS.map((t) => t.name));
