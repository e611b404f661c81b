import type { SearchContext } from '../search/search-context.ts';

/*
 * src/answers/: what the catalog answers, whichever surface asks (the MCP tools, the product pages,
 * the documents, the portal, the benchmarks): a product, the overview, the research fetch, each
 * with its output schema. The searches are the search wing's (src/search/local/, src/search/research/).
 * The MCP tool folders keep their arguments' schemas, registration and message shaping.
 */

/** What an answer needs from its surroundings: what a search needs (the tools answer both), and the site. */
export interface AnswerContext extends SearchContext {
  siteUrl: string;
  /**
   * Set for an asker past the enumeration guard (docs/api.md, "Public quotas"): when its window
   * ends (ISO 8601). A product's engagement counters are then left out of the answer, which says
   * why. Unset: they are shown. Set per call by the MCP endpoint, never on the shared context.
   */
  countersWithheldUntil?: string;
}

/** What a lookup needs: an answer's context but the cursors' secret (the product pages make and read no cursor). */
export type LookupContext = Omit<AnswerContext, 'cursorSecret'>;

/** An answer: structured output, and whether it is an error the asker should act on. */
export interface Outcome<T> {
  output: T;
  isError: boolean;
}
