import type { ProductRow } from '../../catalog-read/product-columns.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import { cityInQuery, hasPlace, type Place, resolvePlace } from '../planner/place.ts';
import { type SearchTerms, searchTerms } from '../query/words.ts';
import { type AskedFacet, askedFacets, facetRefusal } from './facet-filters.ts';
import { SEARCH_MAX_LIMIT, type SearchInput } from './local-search-schema.ts';
import { type ResultFilters, resultFilters } from './search-filters.ts';

/*
 * The first step of search_local_products: what the input asks, read before anything is
 * searched (the words, the place, the filters, the order), and whether it can be searched at all.
 */

const quote = (text: string, length = 80) => JSON.stringify(text.slice(0, length));

/** What a local search asks, read from its arguments and words. */
export interface Asked extends Omit<SearchTerms, 'terms'> {
  limit: number;
  /** The query as given; null when blank. */
  query: string | null;
  /** The budget and order (from the arguments or the words), or why they cannot be. */
  filters: ResultFilters | { error: string };
  /** The words searched. */
  terms: string[];
  /** A city named in the query ("geladeira em curitiba") when no place was given. */
  named: { city: string; rest: string } | null;
  place: Place;
  facets: AskedFacet[];
  includeOutOfStock: boolean;
  /** similarTo's product (its category is the category filter), or why it cannot be searched; null: not asked. */
  similar: { product: ProductRow } | { error: string } | null;
}

/** similarTo's product, or why it is refused. */
function similarOf(reader: SearchReader, input: SearchInput): Asked['similar'] {
  if (input.similarTo === undefined) return null;
  if (input.query?.trim() || input.category !== undefined) {
    return {
      error:
        'similarTo finds products like one product, of its kind and category: leave query and category out (place, price, brand, sort and includeOutOfStock still apply).',
    };
  }
  const product = reader.product(input.similarTo);
  if (product === undefined) {
    return { error: `No published product has id ${input.similarTo} (similarTo). search_local_products and get_product give product ids.` };
  }
  return { product };
}

export function readAsked(reader: SearchReader, input: SearchInput): Asked {
  const similar = similarOf(reader, input);
  if (similar !== null && 'product' in similar)
    return { ...readAsked(reader, { ...input, similarTo: undefined, category: similar.product.categorySlug }), similar };
  const query = input.query?.trim() ? input.query : null;
  const coordinates = input.latitude !== undefined && input.longitude !== undefined;
  const filters = resultFilters(
    { query, minPrice: input.minPrice, maxPrice: input.maxPrice, sort: input.sort, priceDropped: input.priceDropped },
    coordinates,
  );
  // No place given, but one named in the query ("geladeira em curitiba"): that city, and the rest as words.
  const text = 'error' in filters ? query : filters.rest;
  const named = text !== null && text.trim() !== '' && !hasPlace(input) ? cityInQuery(reader, text) : null;
  const words = text === null ? { terms: [], ignored: [], onlyStopwords: false, noWords: false } : searchTerms(named?.rest ?? text, reader);
  const place = resolvePlace(reader, named ? { ...input, city: named.city } : input);
  if (named && place.kind === 'city') place.notes.push('The place was read from the query.');
  return {
    limit: input.limit ?? SEARCH_MAX_LIMIT,
    query,
    filters,
    ...words,
    named,
    place,
    // Real drops only, from the argument, the words or the price_drop order: the filter's facet.
    facets: askedFacets(reader, { ...input, priceDropped: 'error' in filters ? input.priceDropped : filters.priceDropped }),
    includeOutOfStock: input.includeOutOfStock === true,
    similar,
  };
}

/** Why the search cannot run as asked (a tool error that says what to do instead), or null. */
export function refusalOf(asked: Asked): string | null {
  if (asked.similar !== null && 'error' in asked.similar) return asked.similar.error;
  if ('error' in asked.filters) return asked.filters.error;
  if (asked.place.kind === 'unresolved') return asked.place.message;
  if (asked.noWords && !asked.named) {
    // Not a listing of the place: the shopper asked for something, which no word here names.
    return `No words to search for in ${quote(asked.query!, 40)} (letters or digits). Name the product (geladeira, fone bluetooth), a brand or a category; leave query out to list the place's products.`;
  }
  if (asked.onlyStopwords && !asked.named) {
    return `Only common words (${asked.ignored.join(', ')}): nothing to search for. Name the product (geladeira, fone bluetooth), a brand or a category.`;
  }
  return facetRefusal(asked.facets);
}
