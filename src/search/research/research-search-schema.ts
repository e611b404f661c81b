import { z } from 'zod';

export const RESEARCH_SEARCH_LIMIT = 10;

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
