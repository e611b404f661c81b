import { z } from 'zod';
import { SEARCH_MAX_LIMIT } from '../search/local/local-search-schema.ts';
import { SEARCH_SORTS } from '../search/local/search-filters.ts';
import { DEFAULT_RADIUS_KM, MAX_RADIUS_KM } from '../search/planner/place.ts';

/*
 * The catalog requests of UCP v2026-04-08 (catalog_search.json#/$defs/search_request,
 * catalog_lookup.json#/$defs/lookup_request and get_product_request), as this face reads them:
 * one schema each, which the MCP tools' input schemas and the REST binding both use. Objects the
 * protocol leaves open (the request, `context`, `filters`) stay open: a field this face does not
 * read is ignored, as the protocol lets other platforms add theirs. What it reads is typed, and
 * a wrong type is refused (MCP -32602, REST 400).
 */

/** This service's own filters and context fields, named in reverse-domain style as UCP asks of extensions. */
export const UCP_EXTENSION = 'dev.catalog_public_service';
const ext = <K extends string>(key: K) => `${UCP_EXTENSION}.${key}` as const;
export const UCP_EXTENSION_KEYS = {
  city: ext('city'),
  district: ext('district'),
  latitude: ext('latitude'),
  longitude: ext('longitude'),
  radiusKm: ext('radius_km'),
  brand: ext('brand'),
  sort: ext('sort'),
  includeOutOfStock: ext('include_out_of_stock'),
  priceDropped: ext('price_dropped'),
} as const;

/** Identifiers one lookup takes: UCP asks for at least 10; each counts as a lookup against the quotas. */
export const UCP_LOOKUP_MAX_IDS = 10;

/** UCP's default page, and this face's largest (a larger `limit` is clamped, as UCP allows). */
export const UCP_PAGE_SIZE = 10;
export const UCP_MAX_PAGE_SIZE = SEARCH_MAX_LIMIT;

const amount = () => z.number().int().min(0).max(10_000_000_000);

const ContextSchema = z
  .looseObject({
    address_country: z.string().max(100).optional().describe('ISO 3166-1 alpha-2; this catalog is Brazil\'s ("BR")'),
    address_region: z
      .string()
      .max(100)
      .optional()
      .describe('A Brazilian state ("SP", "RJ"): the search looks in its city with the most stores'),
    postal_code: z.string().max(20).optional().describe('A CEP: not read (the catalog has no postal codes); say the city instead'),
    intent: z.string().max(1000).optional(),
    language: z.string().max(35).optional(),
    currency: z.string().max(3).optional().describe('Prices are always in BRL, whatever is asked'),
    eligibility: z.array(z.string().max(200)).max(20).optional(),
    location: z
      .string()
      .max(40)
      .optional()
      .describe("A store id of this catalog (a merchant's store, as results show it): the search looks around that store"),
  })
  .describe('Where and for whom: hints (UCP context); this catalog reads address_region and location, and its own filters for the place');

const FiltersSchema = z
  .looseObject({
    categories: z
      .array(z.string().max(200))
      .max(20)
      .optional()
      .describe('Category values as results show them (categories[].value): any of them'),
    price: z
      .object({
        min: amount().optional().describe('Lowest price in centavos (BRL minor units), inclusive'),
        max: amount().optional().describe('Highest price in centavos, inclusive'),
      })
      .optional(),
    [UCP_EXTENSION_KEYS.city]: z.string().max(200).optional().describe('City name ("Campinas, SP"); without a place, São Paulo'),
    [UCP_EXTENSION_KEYS.district]: z.string().max(200).optional().describe('District (bairro) of the city ("Pinheiros")'),
    [UCP_EXTENSION_KEYS.latitude]: z.number().min(-90).max(90).optional().describe('Latitude of the shopper; with longitude'),
    [UCP_EXTENSION_KEYS.longitude]: z.number().min(-180).max(180).optional().describe('Longitude of the shopper; with latitude'),
    [UCP_EXTENSION_KEYS.radiusKm]: z
      .number()
      .gt(0)
      .max(MAX_RADIUS_KM)
      .optional()
      .describe(`Radius around the coordinates, km (default ${DEFAULT_RADIUS_KM})`),
    [UCP_EXTENSION_KEYS.brand]: z.string().max(200).optional().describe('Brand name ("Samsung")'),
    [UCP_EXTENSION_KEYS.sort]: z
      .enum(SEARCH_SORTS)
      .optional()
      .describe('relevance (default), price_asc, price_desc, distance, popularity, price_drop (the largest real price drop first)'),
    [UCP_EXTENSION_KEYS.priceDropped]: z
      .boolean()
      .optional()
      .describe(
        `true: only products whose price really dropped in the last 30 days (below the lowest of the 30 days before; each product's metadata["${UCP_EXTENSION}.price_history"] says it)`,
      ),
    [UCP_EXTENSION_KEYS.includeOutOfStock]: z
      .boolean()
      .optional()
      .describe(
        'true: out-of-stock products too (availability.available false), after those in stock; by default they are left out and counted in a message',
      ),
  })
  .describe(`UCP filters (all must hold), with this catalog's own under "${UCP_EXTENSION}."`);

export type UcpFilters = z.infer<typeof FiltersSchema>;
export type UcpContext = z.infer<typeof ContextSchema>;

export const UcpSearchRequestSchema = z.looseObject({
  query: z.string().max(1000).optional().describe('Free text, in Portuguese as shoppers write it; omit to browse by filters'),
  context: ContextSchema.optional(),
  filters: FiltersSchema.optional(),
  pagination: z
    .object({
      cursor: z.string().max(500).optional().describe("The previous answer's pagination.cursor, with the same request"),
      limit: z
        .number()
        .int()
        .min(1)
        .max(1_000_000)
        .optional()
        .describe(`Page size (default ${UCP_PAGE_SIZE}; at most ${UCP_MAX_PAGE_SIZE}, more is clamped)`),
    })
    .optional(),
});
export type UcpSearchRequest = z.infer<typeof UcpSearchRequestSchema>;

const id = () => z.string().min(1).max(100);

export const UcpLookupRequestSchema = z.looseObject({
  ids: z
    .array(id())
    .min(1)
    .max(UCP_LOOKUP_MAX_IDS)
    .describe(`Product ids ("123") or variant ids ("123-v1"), at most ${UCP_LOOKUP_MAX_IDS}; each counts as a lookup against the quotas`),
  filters: FiltersSchema.optional(),
  context: ContextSchema.optional(),
});
export type UcpLookupRequest = z.infer<typeof UcpLookupRequestSchema>;

export const UcpGetProductRequestSchema = z.looseObject({
  id: id().describe('A product id ("123") or variant id ("123-v1")'),
  selected: z
    .array(z.object({ name: z.string().max(200), label: z.string().max(200) }))
    .max(20)
    .optional()
    .describe("Option selections: this catalog's products have no options, so none narrows anything"),
  preferences: z.array(z.string().max(200)).max(20).optional(),
  filters: FiltersSchema.optional(),
  context: ContextSchema.optional(),
});
export type UcpGetProductRequest = z.infer<typeof UcpGetProductRequestSchema>;

/** `meta` of an MCP call: the platform's profile URL (never fetched: docs/api.md, "UCP"). */
export const UcpMetaSchema = z
  .looseObject({
    'ucp-agent': z.looseObject({ profile: z.string().max(2000).optional() }).optional(),
  })
  .describe('UCP request metadata: meta["ucp-agent"].profile, the platform\'s profile URL');
