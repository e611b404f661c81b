import type { ProductDetail } from '../answers/product-schema.ts';

/**
 * The schema.org description of a product page (JSON-LD): a Product with its Offer (price in BRL,
 * availability, condition, the list price as a strikethrough price, sold by the merchant) and the merchant's stores as the places it is available at,
 * with their coordinates. Google's product snippets need the name and an offer's price and
 * currency; merchant listings also read availability, image and description.
 */
/** schema.org's ItemAvailability and OfferItemCondition members for the offer's facts. */
const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
  backorder: 'https://schema.org/BackOrder',
} as const;
const CONDITION = {
  new: 'https://schema.org/NewCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
  used: 'https://schema.org/UsedCondition',
} as const;

export function productJsonLd(detail: ProductDetail): Record<string, unknown> {
  const { product } = detail;
  const { offer } = product;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${product.url}#product`,
    url: product.url,
    sku: String(product.id),
    name: product.title,
    description: product.description,
    image: [product.imageUrl],
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.name,
    // gtin8, gtin12, gtin13 or gtin14, as the code's length says.
    ...(offer.gtin !== null ? { [`gtin${offer.gtin.length}`]: offer.gtin } : {}),
    offers: {
      '@type': 'Offer',
      url: product.url,
      price: product.price.amount,
      priceCurrency: product.price.currency,
      availability: AVAILABILITY[product.availability],
      itemCondition: CONDITION[offer.condition],
      // The price before the discount, as Google's merchant listings read a strikethrough price.
      ...(offer.listPrice !== null
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: offer.listPrice.amount,
              priceCurrency: offer.listPrice.currency,
            },
          }
        : {}),
      seller: { '@type': 'Organization', name: product.merchant.name },
      availableAtOrFrom: product.merchant.stores.map((store) => ({
        '@type': 'LocalBusiness',
        name: store.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: store.address,
          addressLocality: store.city,
          addressRegion: store.state,
          postalCode: store.postalCode,
          addressCountry: 'BR',
        },
        geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
      })),
    },
  };
}

/**
 * JSON for a <script> element: "<", ">" and "&" escaped as \u sequences, so no text from a
 * merchant can close the element or open a comment; U+2028 and U+2029 too, for older parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
