import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import type { MetricsRecorder } from '../observability/metrics/metrics-recorder.ts';
import type { CursorSecret } from './local/cursor-secret.ts';

/*
 * src/search/: one wing, laid out as Orama lays out its engine: reading the query (query/, the
 * tokens' grammar in tokens/), reading the index (index-read/, the only module that touches the
 * database), writing it (index-build/, which the snapshot build calls), planning the reads
 * (planner/), and the two searches the tools answer (local/: search_local_products; research/:
 * search). The MCP tool folders keep their arguments' schemas, registration and message shaping.
 */

/** What a search needs from its surroundings (src/answers/context.ts's AnswerContext is one). */
export interface SearchContext {
  /** The opened snapshot; throws when it is missing or unreadable. */
  catalog: () => CatalogReader;
  /** The canonical URL of a product page. */
  productUrl: (id: number, slug: string) => string;
  logError: (error: unknown) => void;
  /** What search cursors are signed with (src/search/local/cursor-secret.ts); its ready() is awaited before a tool call. */
  cursorSecret: CursorSecret;
  /** Index entries one search may walk (SEARCH_WORK_BUDGET); unset: WALK_BUDGET. */
  searchWorkBudget?: number;
  /** Where the search tools' times are counted (src/observability/metrics/); unset: nowhere. */
  metrics?: Pick<MetricsRecorder, 'search'>;
}

/** A search's answer: structured output, and whether it is an error the asker should act on. */
export interface SearchOutcome<T> {
  output: T;
  isError: boolean;
}
