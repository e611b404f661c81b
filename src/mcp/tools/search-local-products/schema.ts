import { z } from 'zod';
import { SEARCH_MAX_LIMIT } from '../../../answers/local-search-schema.ts';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from '../../../search/planner/place.ts';
import { toolArguments } from '../tool-arguments.ts';

/** search_local_products input: every field optional; no location means the default city. */
export const SearchInputSchema = toolArguments({
  // Bounded: the answer echoes the query (filters.query), and no shopper types a page of text.
  query: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Words to find in product title, description, category or brand; accents and case do not matter, partial words match ("gelad" finds "Geladeira"), and so do plurals ("geladeiras"), common synonyms ("televisão" for TV), words joined or split ("airfryer", "500 ml") and typos ("geladera"). Omit to list the products of a place.',
    ),
  category: z.string().max(200).optional().describe('Category name or slug ("Eletrônicos" or "eletronicos"); catalog_overview lists them'),
  city: z.string().max(200).optional().describe('City name, accents optional ("sao paulo"); a state may follow ("Campinas, SP")'),
  district: z.string().max(200).optional().describe('District (bairro) within the city ("Pinheiros")'),
  latitude: z.number().min(-90).max(90).optional().describe('Latitude of the searcher; give longitude too'),
  longitude: z.number().min(-180).max(180).optional().describe('Longitude of the searcher; give latitude too'),
  radiusKm: z
    .number()
    .gt(0)
    .max(MAX_RADIUS_KM)
    .optional()
    .describe(`Search radius around latitude/longitude, in km (default ${DEFAULT_RADIUS_KM}, at most ${MAX_RADIUS_KM})`),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_LIMIT)
    .optional()
    .describe(`How many products to return (1 to ${SEARCH_MAX_LIMIT}, default ${SEARCH_MAX_LIMIT})`),
});
export type SearchInput = z.infer<typeof SearchInputSchema>;
