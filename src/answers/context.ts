import type { CatalogReader } from '../catalog/catalog-reader.ts';
import type { MetricsRecorder } from '../metrics/metrics-recorder.ts';

/*
 * src/answers/: what the catalog answers, whichever surface asks (the MCP tools, the product pages,
 * the documents, the portal, the benchmarks): a product, the overview, a local search, the research
 * search and fetch, each with its output schema. The MCP tool folders keep their arguments'
 * schemas, registration and message shaping.
 */

/** What an answer needs from its surroundings. */
export interface AnswerContext {
  /** The opened snapshot; throws when it is missing or unreadable. */
  catalog: () => CatalogReader;
  siteUrl: string;
  /** The canonical URL of a product page. */
  productUrl: (id: number, slug: string) => string;
  logError: (error: unknown) => void;
  /** Index entries one search may walk (SEARCH_WORK_BUDGET); unset: WALK_BUDGET. */
  searchWorkBudget?: number;
  /** Where the search tools' times are counted (src/metrics/); unset: nowhere. */
  metrics?: Pick<MetricsRecorder, 'search'>;
}

/** An answer: structured output, and whether it is an error the asker should act on. */
export interface Outcome<T> {
  output: T;
  isError: boolean;
}
