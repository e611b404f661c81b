import { z } from 'zod';
import { CatalogStampSchema } from '../catalog-read/catalog-stamp.ts';

/** How many cities and categories the overview lists (the most products first). */
export const OVERVIEW_LIST_LIMIT = 50;
/** How many districts of each city it names (the most products first). */
export const OVERVIEW_DISTRICT_LIMIT = 12;

export const CatalogOverviewSchema = z.object({
  ...CatalogStampSchema,
  service: z.object({ name: z.string(), description: z.string(), baseUrl: z.string() }),
  counts: z.object({
    products: z.number().int().describe('Published products'),
    merchants: z.number().int(),
    stores: z.number().int(),
    cities: z.number().int(),
    categories: z.number().int(),
  }),
  defaultCity: z.object({ name: z.string(), state: z.string() }).describe('Where search_local_products looks when no place is given'),
  cities: z
    .array(
      z.object({
        name: z.string(),
        state: z.string(),
        productsCount: z.number().int(),
        storesCount: z.number().int(),
        districts: z
          .array(z.string())
          .max(OVERVIEW_DISTRICT_LIMIT)
          .describe(
            `Its districts (bairros) with the most products, at most ${OVERVIEW_DISTRICT_LIMIT}: values for search_local_products' district`,
          ),
      }),
    )
    .max(OVERVIEW_LIST_LIMIT)
    .describe(`Cities with stores, most products first (at most ${OVERVIEW_LIST_LIMIT}; counts.cities gives the total)`),
  categories: z
    .array(z.object({ name: z.string(), slug: z.string(), productsCount: z.number().int() }))
    .max(OVERVIEW_LIST_LIMIT)
    .describe(`Categories, most products first (at most ${OVERVIEW_LIST_LIMIT}; counts.categories gives the total)`),
  brands: z
    .array(z.object({ name: z.string(), productsCount: z.number().int() }))
    .max(OVERVIEW_LIST_LIMIT)
    .describe(`The main brands, most products first (at most ${OVERVIEW_LIST_LIMIT}): search_local_products filters by brand`),
  priceRange: z
    .object({ min: z.number(), max: z.number() })
    .nullable()
    .describe('Lowest and highest price in the catalog, in reais: search_local_products filters by minPrice and maxPrice'),
  prices: z
    .object({
      asOf: z.string().describe('The catalog date prices are of (YYYY-MM-DD, São Paulo)'),
      knownSince: z.string().nullable().describe('The earliest date the price history knows'),
      droppedToday: z.number().int().describe('Products whose price went down on that date'),
      realDropsLast30Days: z
        .number()
        .int()
        .describe('Products whose price really dropped in the last 30 days (search_local_products priceDropped: true lists them)'),
    })
    .describe('The price history at a glance: every rebuild records the prices, so a discount can be checked against what was charged'),
  documents: z.object({
    manifest: z.string(),
    showcase: z.string(),
    llms: z.string(),
    sitemap: z.string(),
    openapiJson: z.string(),
    openapiYaml: z.string(),
  }),
  endpoints: z.object({
    productStats: z.string().describe('GET, URL template'),
    merchantStats: z.string().describe('GET, URL template'),
    productPriceHistory: z.string().describe("GET, URL template: a published product's prices over time and its discount check"),
    mcp: z.string().describe('MCP Streamable HTTP endpoint (POST JSON-RPC)'),
    research: z.string().describe('MCP endpoint with the search and fetch tools ChatGPT connectors and deep research call'),
    ucpMcp: z.string().describe('Universal Commerce Protocol (UCP) catalog tools over MCP: search_catalog, lookup_catalog, get_product'),
    ucpRest: z.string().describe('UCP REST binding base: POST {base}/catalog/search, /catalog/lookup, /catalog/product'),
  }),
  usagePolicy: z.string(),
});
export type CatalogOverview = z.infer<typeof CatalogOverviewSchema>;
