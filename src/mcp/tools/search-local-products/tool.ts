import { PRODUCT_CARDS_URI } from '../../../mcp-app/view-files.ts';
import { searchLocalProducts } from '../../../search/local/local-search.ts';
import { SearchOutputSchema } from '../../../search/local/local-search-schema.ts';
import { defineTool, structuredResult } from '../tool-definition.ts';
import { SearchInputSchema } from './schema.ts';

export const searchLocalProductsTool = defineTool({
  name: 'search_local_products',
  title: 'Search products near a place',
  summary:
    'Up to 10 published products per page by words, category, brand, price range, city, district or coordinates (São Paulo by default), in the order asked for.',
  description:
    'Finds published products by words, category, brand (brand), price range in reais (minPrice, maxPrice), city, district or coordinates, ' +
    'at most 10 per page; out-of-stock products only with includeOutOfStock: true (the answer counts those left out). similarTo: <productId> finds products like one product instead of words. Words match title, description, category and brand, ignoring accents and case; partial words, plurals, common synonyms and typos match; ' +
    'a budget or an order in the words ("até 3 mil", "mais barato") is read as one. Order with sort: relevance (default), price_asc, price_desc, distance, popularity. ' +
    'With latitude and longitude, searches within radiusKm (default 10, at most 100), each result with distanceKm. With no place, searches São Paulo. ' +
    'More pages: pass nextCursor as cursor with the same other arguments (up to 50 results per search). Each result names the store that puts it in the place, ' +
    'its price and image. The answer echoes the filters it applied and says which place was searched and how, and what to try when nothing matched.',
  inputSchema: SearchInputSchema,
  view: PRODUCT_CARDS_URI,
  timed: true,
  outputSchema: SearchOutputSchema,
  run: (ctx, args) => {
    const { output, isError } = searchLocalProducts(ctx, args);
    return structuredResult(output, isError);
  },
});
