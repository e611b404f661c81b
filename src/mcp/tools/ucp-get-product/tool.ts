import { getCatalogProduct } from '../../../ucp/ucp-lookup.ts';
import { UCP_CAPABILITIES } from '../../../ucp/ucp-protocol.ts';
import { UcpGetProductRequestSchema } from '../../../ucp/ucp-request.ts';
import { defineTool } from '../tool-definition.ts';
import { UcpAnswerSchema, ucpArguments, ucpResult } from '../ucp-tool.ts';

export const ucpGetProductTool = defineTool({
  name: 'get_product',
  title: 'Product detail (UCP)',
  summary: `UCP product detail (${UCP_CAPABILITIES.lookup.name}): one product by product or variant id.`,
  description:
    'UCP product detail: one product by product id ("123") or variant id ("123-v1"), with its price in BRL centavos, page, ' +
    'image and merchant. An unknown id answers ucp.status "error" with a not_found message.',
  inputSchema: ucpArguments(UcpGetProductRequestSchema),
  outputSchema: UcpAnswerSchema,
  run: (ctx, { meta, catalog }) => ucpResult(meta, getCatalogProduct(ctx, catalog)),
});
