import { searchLocalProducts } from '../../../answers/local-search.ts';
import { SearchOutputSchema } from '../../../answers/local-search-schema.ts';
import { defineTool, structuredResult } from '../tool-definition.ts';
import { SearchInputSchema } from './schema.ts';

export const searchLocalProductsTool = defineTool({
  name: 'search_local_products',
  title: 'Search products near a place',
  summary: 'Up to 10 published products by words, category, city, district or coordinates (São Paulo by default).',
  description:
    'Finds at most 10 published (in stock) products by words, category, city, district or coordinates. Words match title, ' +
    'description, category and brand, ignoring accents and case; partial words, plurals, common synonyms and typos match. With latitude and longitude, results ' +
    'are the nearest first within radiusKm (default 10, at most 100), each with distanceKm. With no place, searches São Paulo. ' +
    'Each result names the store that puts it in the place. The answer says which place was searched and how, and what to try when nothing matched.',
  inputSchema: SearchInputSchema,
  outputSchema: SearchOutputSchema,
  run: (ctx, args) => {
    const { output, isError } = searchLocalProducts(ctx, args);
    return structuredResult(output, isError);
  },
});
