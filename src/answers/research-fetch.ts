import { parseIdSegment } from '../catalog-read/ids.ts';
import { AVAILABILITY_LABEL, CONDITION_LABEL, installmentsText } from '../catalog-read/offer-text.ts';
import { lowest30Text, verdictText } from '../price-history/price-history-text.ts';
import type { AnswerContext } from './context.ts';
import { getProduct } from './product.ts';
import type { ResearchFetchOutput } from './research-fetch-schema.ts';

/** fetch: one product as a document, from the same lookup as get_product; a message when there is none. */
export function researchFetch(ctx: AnswerContext, id: string): ResearchFetchOutput | { message: string } {
  const productId = parseIdSegment(id.trim());
  if (productId === null)
    return { message: `Not a product id: ${JSON.stringify(id.slice(0, 40))}. Ids are the decimal digits search returns.` };
  const found = getProduct(ctx, productId);
  if ('message' in found) return { message: `No product with id ${productId}. Ids come from search.` };
  const { catalogVersion, product, otherOffers } = found.output;
  const { offer } = product;
  const stores = product.merchant.stores;
  const installments = installmentsText(offer.installments);
  const lowest30 = lowest30Text(product.priceHistory);
  const text = [
    product.title,
    product.description,
    `Preço: ${product.price.formatted} (${AVAILABILITY_LABEL[product.availability].toLowerCase()}).`,
    ...(offer.listPrice ? [`De ${offer.listPrice.formatted}, ${offer.discountPercent}% de desconto.`] : []),
    ...(offer.pixPrice ? [`${offer.pixPrice.formatted} no Pix.`] : []),
    ...(installments ? [`Parcelamento: ${installments}.`] : []),
    // The price's history (docs/price-history.md): the 30-day low and whether the discount is real.
    ...(lowest30 ? [`${lowest30}.`] : []),
    verdictText(product.discountCheck),
    `Condição: ${CONDITION_LABEL[offer.condition]}.${offer.gtin ? ` GTIN: ${offer.gtin}.` : ''}`,
    `Marca: ${product.brand}. Categoria: ${product.category.name}.`,
    `Vendido por ${product.merchant.name}, com ${stores.length === 1 ? 'loja' : 'lojas'} em:`,
    ...stores.map((s) => `- ${s.name}: ${s.address}, ${s.district}, ${s.city} (${s.state}), CEP ${s.postalCode}`),
    ...(otherOffers.total > 0
      ? [
          `O mesmo produto (mesmo GTIN) em outras lojas: ${otherOffers.total}; as mais baratas:`,
          ...otherOffers.offers.map(
            (o) =>
              `- ${o.merchant.name}: ${o.price.formatted} (${AVAILABILITY_LABEL[o.availability].toLowerCase()}), id ${o.productId}, ${o.url}`,
          ),
        ]
      : []),
  ].join('\n');
  return {
    id: String(product.id),
    title: product.title,
    text,
    url: product.url,
    metadata: {
      catalogVersion,
      price: product.price.formatted,
      priceCents: product.price.cents,
      currency: 'BRL',
      brand: product.brand,
      category: product.category.name,
      merchant: product.merchant.name,
      cities: [...new Set(stores.map((s) => `${s.city} (${s.state})`))],
    },
  };
}
