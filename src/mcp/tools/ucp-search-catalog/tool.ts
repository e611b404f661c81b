import { UCP_CAPABILITIES } from '../../../ucp/ucp-protocol.ts';
import { UcpSearchRequestSchema } from '../../../ucp/ucp-request.ts';
import { searchCatalog } from '../../../ucp/ucp-search.ts';
import { defineTool } from '../tool-definition.ts';
import { UcpAnswerSchema, ucpArguments, ucpResult } from '../ucp-tool.ts';

export const ucpSearchCatalogTool = defineTool({
  name: 'search_catalog',
  title: 'Search the catalog (UCP)',
  summary: `UCP catalog search (${UCP_CAPABILITIES.search.name}): products by words, categories, price and place.`,
  description:
    'UCP catalog search: products of a Brazilian shopping catalog by free text (Portuguese, plurals, typos and budget words ' +
    "understood), categories (any of them), a price range in centavos, and this catalog's own place filters (city, district, " +
    'coordinates). Without a place it searches São Paulo. Prices in BRL centavos; page with pagination.cursor.',
  inputSchema: ucpArguments(UcpSearchRequestSchema),
  outputSchema: UcpAnswerSchema,
  timed: true,
  run: (ctx, { meta, catalog }) => ucpResult(meta, searchCatalog(ctx, catalog)),
});
