import { SearchExpressionError } from '../catalog/discovery-reader.ts';
import { searchPlace, WalkBudget } from '../search/planner/plans.ts';
import { expandWords, searchTerms } from '../search/query/words.ts';
import { WHOLE_CATALOG_PLACE } from '../search/tokens/facet-tokens.ts';
import type { AnswerContext } from './context.ts';
import { RESEARCH_SEARCH_LIMIT, type ResearchSearchOutput } from './research-search-schema.ts';

/**
 * search: the words' best matches in the whole catalog, as OpenAI's shape has them. No place: a
 * research agent asks about the catalog, not about a street. Ranked as search_local_products ranks
 * (every word in the title first, then in what names the product, then anywhere; most viewed first
 * in each), by the same bounded plan over the whole catalog's popularity tiers: no query, however
 * common its words, ranks every match. A query of stopwords alone has nothing to search for.
 */
export function researchSearch(ctx: AnswerContext, query: string): ResearchSearchOutput {
  const reader = ctx.catalog().discovery;
  const { terms } = searchTerms(query);
  if (terms.length === 0) return { results: [] };
  let hits: { productId: number }[];
  try {
    const request = {
      words: expandWords(reader, terms),
      category: null,
      limit: RESEARCH_SEARCH_LIMIT,
      budget: new WalkBudget(ctx.searchWorkBudget),
    };
    hits = searchPlace(reader, request, { token: WHOLE_CATALOG_PLACE, products: reader.counts.products }).hits;
  } catch (error) {
    // As search_local_products: a word FTS5 still trips on is an empty answer, not a failure.
    if (!(error instanceof SearchExpressionError)) throw error;
    ctx.logError(error);
    return { results: [] };
  }
  const results: ResearchSearchOutput['results'] = [];
  for (const { productId } of hits) {
    const product = reader.product(productId);
    if (product) results.push({ id: String(product.id), title: product.title, url: ctx.productUrl(product.id, product.slug) });
  }
  return { results };
}
