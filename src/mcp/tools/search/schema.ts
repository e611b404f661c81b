import { z } from 'zod';
import { toolArguments } from '../tool-arguments.ts';

export const RESEARCH_SEARCH_LIMIT = 10;

/** OpenAI's search tool for ChatGPT connectors and deep research: one query string in. */
export const ResearchSearchInputSchema = toolArguments({
  query: z
    .string()
    .max(500)
    .describe('Words to find in product titles, descriptions, categories and brands, in the whole catalog (every city)'),
});

/** …and results of id, title and canonical URL out; fetch reads one by its id. */
export const ResearchSearchOutputSchema = z.object({
  results: z
    .array(
      z.object({
        id: z.string().describe('Product id, for fetch'),
        title: z.string(),
        url: z.string().describe('Canonical product page, for citation'),
      }),
    )
    .max(RESEARCH_SEARCH_LIMIT),
});
export type ResearchSearchOutput = z.infer<typeof ResearchSearchOutputSchema>;
