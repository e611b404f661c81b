import { z } from 'zod';
import { CatalogStampSchema } from '../../catalog-read/catalog-stamp.ts';
import type { PlaceInput } from '../planner/place.ts';
import { SEARCH_DEPTH } from './search-cursor.ts';
import { SEARCH_SORTS, type SearchSort } from './search-filters.ts';
import { SearchResultSchema } from './search-result-schema.ts';

export const SEARCH_MAX_LIMIT = 10;

/** What a local search is asked: the tool's arguments (src/mcp/tools/search-local-products/schema.ts). */
export type SearchInput = PlaceInput & {
  query?: string | undefined;
  /** A category's name or slug; several: any of them (UCP's filters.categories). */
  category?: string | readonly string[] | undefined;
  limit?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  brand?: string | undefined;
  sort?: SearchSort | undefined;
  /** A product's id: products like it instead of words (no query, no category). */
  similarTo?: number | undefined;
  /** Out-of-stock products are left out unless true. */
  includeOutOfStock?: boolean | undefined;
  /** Only products whose price really dropped in the last 30 days (docs/price-history.md). */
  priceDropped?: boolean | undefined;
  cursor?: string | undefined;
};

/** A count, exact or a lower bound (as Elasticsearch states hits.total). */
const TotalSchema = z.object({
  value: z.number().int().min(0),
  relation: z.enum(['eq', 'gte']).describe('eq: exactly value products; gte: at least value (counting stopped there)'),
});

export const LocationSchema = z.object({
  resolvedBy: z
    .enum(['default', 'city', 'district', 'coordinates', 'unresolved'])
    .describe(
      'How the place searched was chosen: the default city, the city/district given, the coordinates given, or not at all (see message)',
    ),
  description: z.string().describe('The place searched, in words'),
  city: z.object({ name: z.string(), state: z.string() }).optional(),
  district: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
  radiusKm: z.number().optional(),
  widenedFrom: z
    .string()
    .optional()
    .describe('The place asked for, when nothing there matched every word and a wider place was searched instead (the message says so)'),
});

export const SearchOutputSchema = z.object({
  ...CatalogStampSchema,
  location: LocationSchema,
  filters: z.object({
    query: z.string().nullable(),
    terms: z.array(z.string()).describe('The words searched, folded'),
    ignoredTerms: z.array(z.string()).describe('Words of the query not searched (stopwords, beyond the first eight)'),
    corrections: z
      .array(z.object({ from: z.string(), to: z.string() }))
      .describe('Words no product has, read as the closest catalog word (a typo): "geladera" as "geladeira"'),
    droppedTerms: z
      .array(z.string())
      .describe('Words left out because no product here has them together with the others (the message says so)'),
    category: z.object({ name: z.string(), slug: z.string() }).nullable(),
    brand: z.object({ name: z.string() }).nullable().describe('The brand filter, as the catalog names it'),
    price: z
      .object({
        min: z.number().nullable().describe('Lowest price, in reais (inclusive); null: none'),
        max: z.number().nullable().describe('Highest price, in reais (inclusive); null: none'),
        source: z.enum(['arguments', 'query']).describe("From minPrice/maxPrice, or read from the query's words (readFromQuery)"),
      })
      .nullable(),
    sort: z.object({
      value: z.enum(SEARCH_SORTS),
      source: z.enum(['arguments', 'query', 'default']).describe("From the sort argument, read from the query's words, or the default"),
    }),
    readFromQuery: z
      .array(z.string())
      .describe('Words of the query read as a budget or an order ("até 3 mil", "mais barato") and not searched as words'),
    similarTo: z
      .object({ productId: z.number().int(), title: z.string() })
      .nullable()
      .describe('The product whose like was searched (similarTo); its category is the category filter'),
    includeOutOfStock: z
      .boolean()
      .describe('Whether out-of-stock products were searched too (includeOutOfStock); they are left out by default'),
    priceDropped: z
      .boolean()
      .describe(
        'Whether only real price drops were searched: the current price below the lowest of the 30 days before it, begun in the last 30 days (priceDropped, the words "baixou de preço", or sort price_drop)',
      ),
    limit: z.number().int(),
    offset: z.number().int().min(0).describe('How many results earlier pages of this search showed'),
  }),
  ordering: z.string().describe('How results are ordered'),
  total: TotalSchema.describe(
    'How many products in the place match, of which results shows the first (as Elasticsearch states hits.total)',
  ),
  leftOutOfStock: TotalSchema.nullable().describe(
    'How many more products in the place match but are out of stock, left out (includeOutOfStock: true shows them, marked): counted (up to 100) in a city or district when the in-stock matches end on this page; null when they were included, or not counted (more in-stock matches follow this page)',
  ),
  results: z.array(SearchResultSchema).max(SEARCH_MAX_LIMIT),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      `Give it as cursor, with the same other arguments, for the next page; null on the last page (pages stop at ${SEARCH_DEPTH} results per search)`,
    ),
  message: z.string().describe('What was found, or why nothing was and what to try instead'),
});
export type SearchOutput = z.infer<typeof SearchOutputSchema>;
export type SearchLocation = z.infer<typeof LocationSchema>;
