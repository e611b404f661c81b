import { z } from 'zod';
import { toolArguments } from '../tool-arguments.ts';

/** OpenAI's search tool for ChatGPT connectors and deep research: one query string in. */
export const ResearchSearchInputSchema = toolArguments({
  query: z
    .string()
    .max(500)
    .describe('Words to find in product titles, descriptions, categories and brands, in the whole catalog (every city)'),
});
