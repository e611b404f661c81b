import { availabilityOf, offerOf } from '../catalog-read/offer.ts';
import { priceOf } from '../catalog-read/price.ts';
import { storeView } from '../catalog-read/store.ts';
import { priceHistoryOf } from '../price-history/history-read.ts';
import { priceHistoryView } from '../price-history/price-history-schema.ts';
import { searchReaderOf } from '../search/index-read/search-reader.ts';
import { locationOf } from '../search/local/local-search-place.ts';
import { hasPlace, type PlaceInput, resolvePlace } from '../search/planner/place.ts';
import type { LookupContext, Outcome } from './context.ts';
import { nearestStore } from './nearest-store.ts';
import { OTHER_OFFERS_SHOWN, type ProductDetail } from './product-schema.ts';

/** Why an answer has no counters, in a sentence an agent can pass on: the guard, and when they come back. */
export function countersWithheld(until: string): string {
  return (
    'Engagement counters withheld: this client has read the counters of as many distinct products as the enumeration guard ' +
    'allows per window (REST product statistics and get_product count together; the usage policy forbids enumerating ids). ' +
    `Counters of products already read this window are still shown; others are shown again from ${until}. ` +
    "The product's other facts are complete."
  );
}

/** get_product: one published product with its merchant's stores; unknown ids are a tool error. */
export function getProduct(
  ctx: LookupContext,
  productId: number,
  /** A place: each other offer then names its merchant's store nearest it. */
  near: PlaceInput = {},
): Outcome<ProductDetail> | { message: string; isError: true } {
  const catalog = ctx.catalog();
  const product = catalog.discovery.product(productId);
  if (product === undefined) {
    return {
      message: `No published product with id ${productId}. Product ids come from search_local_products (search by words, category, city or coordinates) or from the showcase ${ctx.siteUrl}/gpt/products.json.`,
      isError: true,
    };
  }
  const withheld = ctx.countersWithheldUntil;
  const counts = withheld === undefined ? catalog.productEngagement(product.id) : undefined;
  // The same GTIN at other merchants (another product, never this one), cheapest first: the
  // first few read, the others counted.
  const { discovery } = catalog;
  const gtin = product.gtin;
  const sharing = gtin === null ? [] : discovery.productsWithGtin(gtin, OTHER_OFFERS_SHOWN + 1).filter((p) => p.id !== product.id);
  const sharingTotal = gtin === null ? 0 : discovery.countWithGtin(gtin) - 1;
  const place = hasPlace(near) ? resolvePlace(searchReaderOf(catalog), near) : null;
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
        ...priceHistoryView(priceHistoryOf(catalog).figures(product.id)!),
        imageUrl: product.imageUrl,
        publishedAt: product.publishedAt,
        updatedAt: product.updatedAt,
        url: ctx.productUrl(product.id, product.slug),
        engagement:
          withheld === undefined
            ? { viewsCount: counts?.views ?? 0, likesCount: counts?.likes ?? 0, dislikesCount: counts?.dislikes ?? 0 }
            : null,
        ...(withheld === undefined ? {} : { engagementWithheld: countersWithheld(withheld) }),
        merchant: {
          id: product.merchantId,
          name: product.merchantName,
          stores: catalog.discovery.storesOfMerchant(product.merchantId).map(storeView),
        },
      },
      otherOffers: {
        total: sharingTotal,
        offers: sharing.slice(0, OTHER_OFFERS_SHOWN).map((other) => ({
          productId: other.id,
          title: other.title,
          merchant: { id: other.merchantId, name: other.merchantName },
          price: priceOf(other.priceCents),
          availability: availabilityOf(other),
          url: ctx.productUrl(other.id, other.slug),
          ...(place === null ? {} : { store: nearestStore(catalog, other.merchantId, place) }),
        })),
        ...(place === null ? {} : { place: place.kind === 'unresolved' ? place.message : locationOf(place).description }),
      },
    },
    isError: false,
  };
}
