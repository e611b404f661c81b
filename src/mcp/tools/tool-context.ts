import type { CatalogReader } from '../../catalog/catalog-reader.ts';

/** What the MCP tools need from their surroundings. */
export interface ToolContext {
  /** The opened snapshot; throws when it is missing or unreadable. */
  catalog: () => CatalogReader;
  siteUrl: string;
  /** The canonical URL of a product page. */
  productUrl: (id: number, slug: string) => string;
  logError: (error: unknown) => void;
  /** Index entries one search may walk (SEARCH_WORK_BUDGET); unset: WALK_BUDGET. */
  searchWorkBudget?: number;
}

/** A tool's answer: structured output, and whether it is an error the model should act on. */
export interface ToolOutcome<T> {
  output: T;
  isError: boolean;
}
