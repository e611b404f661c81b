import { researchFetch } from '../../../answers/research-fetch.ts';
import { ResearchFetchOutputSchema } from '../../../answers/research-fetch-schema.ts';
import { defineTool, structuredResult } from '../tool-definition.ts';
import { ResearchFetchInputSchema } from './schema.ts';

export const researchFetchTool = defineTool({
  name: 'fetch',
  title: 'Read a product',
  summary: 'One product by the id search gave, as a document: full text, canonical URL, price and place metadata.',
  description:
    'Reads one product of the catalog by the id search returned: its full text (description, price in BRL, brand, ' +
    'category, the merchant and the address of every store), the canonical URL to cite, and metadata.',
  inputSchema: ResearchFetchInputSchema,
  outputSchema: ResearchFetchOutputSchema,
  run: (ctx, { id }) => {
    const found = researchFetch(ctx, id);
    if ('message' in found) return { content: [{ type: 'text', text: found.message }], isError: true };
    return structuredResult(found);
  },
});
