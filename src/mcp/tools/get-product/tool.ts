import { getProduct } from '../../../answers/product.ts';
import { ProductDetailSchema } from '../../../answers/product-schema.ts';
import { PRODUCT_CARDS_URI } from '../../../mcp-app/view-files.ts';
import { defineTool, structuredResult } from '../tool-definition.ts';
import { GetProductInputSchema } from './schema.ts';

export const getProductTool = defineTool({
  name: 'get_product',
  title: 'Product details',
  summary: 'Details, price, merchant stores and canonical URL of one product by id.',
  description:
    'Details of one product by id: title, description, category, brand, price, availability, canonical URL, engagement ' +
    'counters, and the merchant with all its stores (address, district, city, coordinates); its offer (availability, list and Pix ' +
    'prices, installments, condition, GTIN) and the same product at other merchants (same GTIN), cheapest first: give city, ' +
    'district or latitude/longitude for the store of each nearest you. Ids come from search_local_products.',
  inputSchema: GetProductInputSchema,
  view: PRODUCT_CARDS_URI,
  outputSchema: ProductDetailSchema,
  run: (ctx, { productId, ...near }) => {
    const found = getProduct(ctx, productId, near);
    if ('message' in found) return { content: [{ type: 'text', text: found.message }], isError: true };
    return structuredResult(found.output);
  },
});
