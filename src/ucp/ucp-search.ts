import type { AnswerContext } from '../answers/context.ts';
import { DEFAULT_CITY } from '../contract/service-info.ts';
import { priceHistoryOf } from '../price-history/history-read.ts';
import { searchLocalProducts } from '../search/local/local-search.ts';
import type { SearchInput } from '../search/local/local-search-schema.ts';
import { failure, info, type UcpMessage } from './ucp-messages.ts';
import { ucpProduct } from './ucp-product.ts';
import { ucpEnvelope } from './ucp-protocol.ts';
import { UCP_MAX_PAGE_SIZE, UCP_PAGE_SIZE, type UcpSearchRequest, UCP_EXTENSION_KEYS as X } from './ucp-request.ts';

const reaisOf = (cents: number | undefined) => (cents === undefined ? undefined : cents / 100);

/**
 * The search_local_products arguments a UCP search asks for: the same search wing, the same
 * words understanding, the same cursor. Where no place is given, the default city (São Paulo, as
 * the MCP tools); `context.address_region` (a state) picks that state's city with the most
 * products. The messages say which.
 */
export function searchInputOf(ctx: AnswerContext, request: UcpSearchRequest): { input: SearchInput; notes: UcpMessage[] } {
  const filters = request.filters ?? {};
  const notes: UcpMessage[] = [];
  const input: SearchInput = {
    query: request.query,
    category: filters.categories,
    minPrice: reaisOf(filters.price?.min),
    maxPrice: reaisOf(filters.price?.max),
    brand: filters[X.brand],
    sort: filters[X.sort],
    includeOutOfStock: filters[X.includeOutOfStock],
    priceDropped: filters[X.priceDropped],
    city: filters[X.city],
    district: filters[X.district],
    latitude: filters[X.latitude],
    longitude: filters[X.longitude],
    radiusKm: filters[X.radiusKm],
    limit: Math.min(request.pagination?.limit ?? UCP_PAGE_SIZE, UCP_MAX_PAGE_SIZE),
    cursor: request.pagination?.cursor,
  };
  const placed = input.city !== undefined || input.district !== undefined || input.latitude !== undefined || input.longitude !== undefined;
  const region = request.context?.address_region?.trim().toUpperCase();
  if (!placed && region) {
    const city = ctx.catalog().discovery.cities.find((c) => c.state === region);
    if (city !== undefined) {
      input.city = `${city.name}, ${city.state}`;
      notes.push(
        info('place', `context.address_region ${region}: searched ${city.name} (${city.state}), its city with the most products.`),
      );
    } else
      notes.push(info('place', `No city of the catalog is in region ${JSON.stringify(region.slice(0, 20))}: searched the default city.`));
  }
  if (!placed && request.context?.postal_code)
    notes.push(
      info('place', `Postal codes are not read: give the city in filters["${X.city}"] (and the district in filters["${X.district}"]).`),
    );
  if (!placed && !region)
    notes.push(
      info(
        'place',
        `No place was given: searched ${DEFAULT_CITY.name} (${DEFAULT_CITY.state}), the catalog's default city. Give filters["${X.city}"], filters["${X.district}"], filters["${X.latitude}"] and filters["${X.longitude}"], or context.address_region.`,
      ),
    );
  return { input, notes };
}

/** catalog search (dev.ucp.shopping.catalog.search): the search_catalog tool's and POST /catalog/search's answer. */
export function searchCatalog(ctx: AnswerContext, request: UcpSearchRequest) {
  const { input, notes } = searchInputOf(ctx, request);
  const { output, isError } = searchLocalProducts(ctx, input);
  if (isError) return { ucp: ucpEnvelope('search', 'error'), messages: [failure('invalid_request', output.message)] };
  // The results carry all but the description UCP's product has: the page's, in one read.
  const descriptions = ctx.catalog().discovery.descriptions(output.results.map((r) => r.productId));
  const history = priceHistoryOf(ctx.catalog());
  const products = output.results.map((result) =>
    ucpProduct(
      {
        id: result.productId,
        title: result.title,
        description: descriptions.get(result.productId) ?? '',
        category: result.category,
        brand: result.brand,
        priceCents: result.price.cents,
        imageUrl: result.imageUrl,
        merchantId: result.merchant.id,
        merchantName: result.merchant.name,
        availability: result.availability,
        listPriceCents: result.offer.listPrice?.cents ?? null,
        gtin: result.offer.gtin,
      },
      { url: result.url, store: result.store, priceHistory: history.figures(result.productId) },
    ),
  );
  return {
    ucp: ucpEnvelope('search'),
    products,
    pagination: {
      has_next_page: output.nextCursor !== null,
      ...(output.nextCursor !== null ? { cursor: output.nextCursor } : {}),
      ...(output.total.relation === 'eq' ? { total_count: output.total.value } : {}),
    },
    messages: [...notes, info('search', output.message)],
  };
}
