import { z } from 'zod';
import { IdSchema } from '../catalog-read/ids.ts';

const count = z.number().int().min(0);

/** Body of GET PATHS.productStats (the product statistics contract). */
export const ProductStatsSchema = z.strictObject({
  productId: IdSchema,
  viewsCount: count,
  likesCount: count,
  dislikesCount: count,
});
export type ProductStats = z.infer<typeof ProductStatsSchema>;

/** Body of GET PATHS.merchantStats: sums over the merchant's products. */
export const MerchantStatsSchema = z.strictObject({
  merchantId: IdSchema,
  productsCount: count,
  storesCount: count,
  viewsCount: count,
  likesCount: count,
  dislikesCount: count,
});
export type MerchantStats = z.infer<typeof MerchantStatsSchema>;
