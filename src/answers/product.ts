import { availabilityOf, offerOf } from '../catalog-read/offer.ts';
import { priceOf } from '../catalog-read/price.ts';
import { storeView } from '../catalog-read/store.ts';
import type { AnswerContext, Outcome } from './context.ts';
import type { ProductDetail } from './product-schema.ts';

/** get_product: one published product with its merchant's stores; unknown ids are a tool error. */
export function getProduct(ctx: AnswerContext, productId: number): Outcome<ProductDetail> | { message: string; isError: true } {
  const catalog = ctx.catalog();
  const product = catalog.discovery.product(productId);
  if (product === undefined) {
    return {
      message: `No published product with id ${productId}. Product ids come from search_local_products (search by words, category, city or coordinates) or from the showcase ${ctx.siteUrl}/gpt/products.json.`,
      isError: true,
    };
  }
  const counts = catalog.productEngagement(product.id);
  return {
    output: {
      catalogVersion: catalog.meta.catalogVersion,
      generatedAt: catalog.meta.generatedAt,
      product: {
        id: product.id,
        title: product.title,
        description: product.description,
        category: { name: product.category, slug: product.categorySlug },
        brand: product.brand,
        price: priceOf(product.priceCents),
        availability: availabilityOf(product),
        offer: offerOf(product),
        imageUrl: product.imageUrl,
        publishedAt: product.publishedAt,
        updatedAt: product.updatedAt,
        url: ctx.productUrl(product.id, product.slug),
        engagement: { viewsCount: counts?.views ?? 0, likesCount: counts?.likes ?? 0, dislikesCount: counts?.dislikes ?? 0 },
        merchant: {
          id: product.merchantId,
          name: product.merchantName,
          stores: catalog.discovery.storesOfMerchant(product.merchantId).map(storeView),
        },
      },
    },
    isError: false,
  };
}
