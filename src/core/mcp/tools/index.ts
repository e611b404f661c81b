import { catalogOverviewTool } from './catalog-overview.ts';
import { getProductTool } from './get-product.ts';
import { searchLocalProductsTool } from './search-local-products.ts';
import type { ToolDefinition } from './tool-definition.ts';

/** The server's tools, in the order tools/list shows them. */
export const TOOLS: readonly ToolDefinition[] = [catalogOverviewTool, searchLocalProductsTool, getProductTool] as unknown as ToolDefinition[];

export const TOOL_NAMES: ReadonlySet<string> = new Set(TOOLS.map((t) => t.name));
