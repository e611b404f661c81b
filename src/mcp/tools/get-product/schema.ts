import { IdSchema } from '../../../catalog-read/ids.ts';
import { PLACE_ARGUMENTS } from '../place-arguments.ts';
import { toolArguments } from '../tool-arguments.ts';

export const GetProductInputSchema = toolArguments({
  productId: IdSchema.describe('Product id (an integer from 1 to 9007199254740991), as search_local_products returns it'),
  // Optional: where the shopper is, so each other offer of the same product names its merchant's nearest store.
  ...PLACE_ARGUMENTS,
});
