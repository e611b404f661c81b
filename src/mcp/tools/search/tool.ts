import { researchSearch } from '../../../search/research/research-search.ts';
import { ResearchSearchOutputSchema } from '../../../search/research/research-search-schema.ts';
import { defineTool, structuredResult } from '../tool-definition.ts';
import { ResearchSearchInputSchema } from './schema.ts';

export const researchSearchTool = defineTool({
  name: 'search',
  title: 'Search the catalog',
  summary: 'Products of the whole catalog matching words: id, title and canonical URL (ChatGPT connectors, deep research).',
  description:
    'Searches the whole product catalog of a Brazilian online shop (every city) for words in titles, descriptions, ' +
    'categories and brands; accents and case do not matter. Returns up to 10 results, most relevant first, each with an id ' +
    'for fetch, a title and the canonical product URL to cite.',
  inputSchema: ResearchSearchInputSchema,
  outputSchema: ResearchSearchOutputSchema,
  timed: true,
  run: (ctx, { query }) => structuredResult(researchSearch(ctx, query)),
});
