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
    'counters (withheld, saying why and until when, past the enumeration guard of distinct products per client), and the ' +
    'merchant with all its stores (address, district, city, coordinates); its offer (availability, list and Pix ' +
    'prices, installments, condition, GTIN) and the same product at other merchants (same GTIN), cheapest first: give city, ' +
    'district or latitude/longitude for the store of each nearest you. Ids come from search_local_products.',
  inputSchema: GetProductInputSchema,
  view: PRODUCT_CARDS_URI,
  outputSchema: ProductDetailSchema,
  run: (ctx, { productId, ...near }) => {
    const found = getProduct(ctx, productId, near);
    if ('message' in found) return { content: [{ type: 'text', text: found.message }], isError: true };
    const result = structuredResult(found.output);
    // Said in plain words too, for clients that read only the text.
    const { engagementWithheld } = found.output.product;
    if (engagementWithheld !== undefined) result.content.push({ type: 'text', text: engagementWithheld });
    return result;
  },
  // The product whose counters a call would show: the endpoint asks the enumeration guard first.
  showsCountersOf: (args) => {
    const parsed = GetProductInputSchema.shape.productId.safeParse((args as { productId?: unknown } | undefined)?.productId);
    return parsed.success ? parsed.data : null;
  },
});
