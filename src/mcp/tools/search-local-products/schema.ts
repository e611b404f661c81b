import { z } from 'zod';
import { SEARCH_MAX_LIMIT } from '../../../search/local/local-search-schema.ts';
import { SEARCH_DEPTH } from '../../../search/local/search-cursor.ts';
import { SEARCH_SORTS } from '../../../search/local/search-filters.ts';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from '../../../search/planner/place.ts';
import { PLACE_ARGUMENTS } from '../place-arguments.ts';
import { toolArguments } from '../tool-arguments.ts';

/** A price in reais: not negative, at most two decimals (centavos). */
const reais = () =>
  z
    .number()
    .min(0)
    .max(100_000_000)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'at most two decimals (centavos)' })
    .optional();

/** search_local_products input: every field optional; no location means the default city. */
export const SearchInputSchema = toolArguments({
  // Bounded: the answer echoes the query (filters.query), and no shopper types a page of text.
  query: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Words to find in product title, description, category or brand; accents and case do not matter, partial words match ("gelad" finds "Geladeira"), and so do plurals ("geladeiras"), common synonyms ("televisão" for TV), words joined or split ("airfryer", "500 ml") and typos ("geladera"). A budget or an order in the words is read as such and not searched: "até 3 mil", "entre 100 e 200 reais", "acima de R$ 500", "mais barato", "mais caro", "perto de mim" (with coordinates); the arguments below win over them. Omit to list the products of a place.',
    ),
  category: z.string().max(200).optional().describe('Category name or slug ("Eletrônicos" or "eletronicos"); catalog_overview lists them'),
  ...PLACE_ARGUMENTS,
  radiusKm: z
    .number()
    .gt(0)
    .max(MAX_RADIUS_KM)
    .optional()
    .describe(`Search radius around latitude/longitude, in km (default ${DEFAULT_RADIUS_KM}, at most ${MAX_RADIUS_KM})`),
  minPrice: reais().describe('Lowest price, in reais (inclusive), e.g. 100 or 99.9'),
  maxPrice: reais().describe('Highest price, in reais (inclusive), e.g. 3000; at least minPrice'),
  brand: z
    .string()
    .max(200)
    .optional()
    .describe('Brand name, accents and case aside ("Brastemp", "samsung"); catalog_overview names the main brands'),
  sort: z
    .enum(SEARCH_SORTS)
    .optional()
    .describe(
      "relevance (default: every word in the title first, then in category or brand, then anywhere), price_asc (cheapest first), price_desc (dearest first), distance (nearest store first: from the coordinates, or from the district's or city's centre), popularity (most viewed first), price_drop (the largest real price drop of the last 30 days first; implies priceDropped). The orders other than relevance order the products that best match the words.",
    ),
  similarTo: z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe(
      'A product id: products like that one instead of words, never the product itself: the same kind first (its title names it the same way), then more title words and the brand in common, then the nearest price, within its category. With place, minPrice/maxPrice, brand, sort, includeOutOfStock and cursor; not with query or category.',
    ),
  includeOutOfStock: z
    .boolean()
    .optional()
    .describe(
      'true: out-of-stock products are searched too, marked (availability "out_of_stock"), after those in stock in relevance and popularity order. Default false: they are left out, and the answer says how many matched (leftOutOfStock).',
    ),
  priceDropped: z
    .boolean()
    .optional()
    .describe(
      'true: only products whose price really dropped: the current price is below the lowest charged in the 30 days before it began (the EU Omnibus reference), and it began in the last 30 days. Each result says its 30-day low and verdict either way. The words "baixou de preço", "menor preço em 30 dias", "promoção de verdade" in query set it too.',
    ),
  cursor: z
    .string()
    .max(500)
    .optional()
    .describe(
      `The previous answer's nextCursor, with the same other arguments: the next page, in the same order. Pages stop at ${SEARCH_DEPTH} results per search.`,
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_LIMIT)
    .optional()
    .describe(`How many products to return (1 to ${SEARCH_MAX_LIMIT}, default ${SEARCH_MAX_LIMIT})`),
});
export type SearchInput = z.infer<typeof SearchInputSchema>;
