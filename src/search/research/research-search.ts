import { SearchExpressionError } from '../index-read/search-index.ts';
import { searchReaderOf } from '../index-read/search-reader.ts';
import { priceFilterOf, resultFilters } from '../local/search-filters.ts';
import { searchOrdered } from '../planner/ordered-plans.ts';
import { searchPlace } from '../planner/place-plans.ts';
import type { Hit } from '../planner/request.ts';
import { WalkBudget } from '../planner/walk-budget.ts';
import { expandWords, searchTerms } from '../query/words.ts';
import type { SearchContext } from '../search-context.ts';
import { WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';
import { RESEARCH_SEARCH_LIMIT, type ResearchSearchOutput } from './research-search-schema.ts';

/**
 * search: the words' best matches in the whole catalog, as OpenAI's shape has them. No place: a
 * research agent asks about the catalog, not about a street. Ranked as search_local_products ranks
 * (every word in the title first, then in what names the product, then anywhere; most viewed first
 * in each), by the same bounded plan over the whole catalog's popularity tiers: no query, however
 * common its words, ranks every match. A budget or a price order in the words ("até 3 mil", "mais
 * barato") is read as search_local_products reads it. A query of stopwords alone has nothing to
 * search for.
 */
export function researchSearch(ctx: SearchContext, query: string): ResearchSearchOutput {
  const reader = searchReaderOf(ctx.catalog());
  const asked = resultFilters({ query }, false);
  if ('error' in asked) return { results: [] };
  const { terms } = searchTerms(asked.rest ?? '', reader);
  const sort = asked.sort.value;
  const byPrice = sort === 'price_asc' || sort === 'price_desc';
  const price = priceFilterOf(reader, asked.price, byPrice);
  if ((terms.length === 0 && asked.price === null) || price === 'none') return { results: [] };
  let hits: Hit[];
  try {
    const request = {
      words: expandWords(reader, terms),
      facets: [],
      price,
      limit: RESEARCH_SEARCH_LIMIT,
      budget: new WalkBudget(ctx.searchWorkBudget),
    };
    const catalog = { token: WHOLE_CATALOG_PLACE, products: reader.counts.products };
    hits = byPrice
      ? searchOrdered(reader, request, { kind: 'place', place: catalog }, sort).hits
      : searchPlace(reader, request, catalog).hits;
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
