import Database from 'better-sqlite3';
import type { Match } from '../../../catalog/discovery-reader.ts';
import { expandWords, searchExpression, searchTerms } from '../../../search/words.ts';
import type { ToolContext } from '../tool-context.ts';
import { RESEARCH_SEARCH_LIMIT, type ResearchSearchOutput } from './schema.ts';

/**
 * search: the words' best matches in the whole catalog, most relevant first (BM25), as OpenAI's
 * shape has them. No place: a research agent asks about the catalog, not about a street.
 */
export function researchSearch(ctx: ToolContext, query: string): ResearchSearchOutput {
  const reader = ctx.catalog().discovery;
  const { terms } = searchTerms(query);
  if (terms.length === 0) return { results: [] };
  let matches: Match[];
  try {
    const expression = searchExpression({ words: expandWords(reader, terms), facets: [] });
    matches = reader.matchesByRelevance(expression, null, RESEARCH_SEARCH_LIMIT);
  } catch (error) {
    // As search_local_products: a word FTS5 still trips on is an empty answer, not a failure.
    if (!(error instanceof Database.SqliteError)) throw error;
    ctx.logError(error);
    return { results: [] };
  }
  const results: ResearchSearchOutput['results'] = [];
  for (const [productId] of matches) {
    const product = reader.product(productId);
    if (product) results.push({ id: String(product.id), title: product.title, url: ctx.productUrl(product.id, product.slug) });
  }
  return { results };
}
