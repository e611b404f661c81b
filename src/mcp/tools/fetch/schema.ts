import { z } from 'zod';
import { toolArguments } from '../tool-arguments.ts';

/** OpenAI's fetch tool: the id a search result gave… */
export const ResearchFetchInputSchema = toolArguments({
  id: z.string().max(40).describe('A product id from search (decimal digits)'),
});
