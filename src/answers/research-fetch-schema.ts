import { z } from 'zod';

/** …and the document: its full text, its canonical URL, and facts as metadata. */
export const ResearchFetchOutputSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string().describe('The product as a document: description, price, brand, category, merchant and its stores'),
  url: z.string().describe('Canonical product page, for citation'),
  metadata: z.object({
    catalogVersion: z.string(),
    price: z.string().describe('"R$ 1.299,90"'),
    priceCents: z.number().int(),
    currency: z.literal('BRL'),
    brand: z.string(),
    category: z.string(),
    merchant: z.string(),
    cities: z.array(z.string()).describe('Where the merchant has stores ("São Paulo (SP)")'),
  }),
});
export type ResearchFetchOutput = z.infer<typeof ResearchFetchOutputSchema>;
