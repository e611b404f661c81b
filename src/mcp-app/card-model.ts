import { z } from 'zod';
import { ProductDetailSchema } from '../answers/product-schema.ts';
import type { Availability, Offer } from '../catalog-read/offer.ts';
import { AVAILABILITY_LABEL, installmentsText } from '../catalog-read/offer-text.ts';
import { priceNoteText } from '../price-history/price-history-text.ts';
import { SearchResultSchema } from '../search/local/search-result-schema.ts';

/** One product card: what the view shows, in Brazilian Portuguese. */
export interface Card {
  productId: number;
  title: string;
  /** As the tools give it: "R$ 1.299,90". */
  price: string;
  /** The list price, struck through beside the price ("R$ 1.399,00"); null: none. */
  listPrice: string | null;
  /** "10x de R$ 119,90 sem juros"; null: none stated. */
  installments: string | null;
  /** "Em estoque", "Indisponível", "Pré-venda", "Sob encomenda". */
  availability: string;
  /** Whether it can be bought now (false: out of stock). */
  inStock: boolean;
  /** "Menor preço em 30 dias: R$ 399,00 · desconto real de 16%" (docs/price-history.md); null: nothing to say. */
  priceNote: string | null;
  imageUrl: string;
  /** The canonical product page, opened through the host. */
  url: string;
  merchant: string;
  /** The store that puts the product in the place searched, or the merchant's stores (get_product). */
  stores: { name: string; place: string; distance: string | null }[];
}

/** What a tool result shows: cards, or a sentence when there is nothing to show. */
export type CardsView = { kind: 'cards'; heading: string; cards: Card[] } | { kind: 'note'; text: string };

const SearchCards = z.object({ results: z.array(SearchResultSchema) });

/** "1,2 km", "850 m": as Brazilians read a distance. */
export function distanceText(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${(Math.round(km * 10) / 10).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km`;
}

/** The offer's lines of a card, in the words a shop uses. */
const offerLines = (availability: Availability, offer: Offer) => ({
  listPrice: offer.listPrice?.formatted ?? null,
  installments: installmentsText(offer.installments),
  availability: AVAILABILITY_LABEL[availability],
  inStock: availability !== 'out_of_stock',
});

const placeOf = (store: { district: string; city: string; state: string }) => `${store.district}, ${store.city} (${store.state})`;

/**
 * The cards of a search_local_products or get_product result, read with the tools' own output
 * schemas: anything else (an error, another tool's result, a malformed one) is a note, never a
 * half-drawn card. Text stays text: the view sets it with textContent.
 */
export function cardsOf(result: { structuredContent?: unknown; isError?: boolean } | undefined): CardsView {
  if (result === undefined || result.isError) return { kind: 'note', text: 'Não foi possível mostrar os produtos desta resposta.' };
  const search = SearchCards.safeParse(result.structuredContent);
  if (search.success) {
    const { results } = search.data;
    if (results.length === 0) return { kind: 'note', text: 'Nenhum produto encontrado.' };
    const heading = results.length === 1 ? '1 produto encontrado' : `${results.length} produtos encontrados`;
    const cards = results.map((r) => ({
      productId: r.productId,
      title: r.title,
      price: r.price.formatted,
      ...offerLines(r.availability, r.offer),
      priceNote: priceNoteText(r.priceCheck),
      imageUrl: r.imageUrl,
      url: r.url,
      merchant: r.merchant.name,
      stores: [
        {
          name: r.store.name,
          place: placeOf(r.store),
          distance: r.store.distanceKm === undefined ? null : distanceText(r.store.distanceKm),
        },
      ],
    }));
    return { kind: 'cards', heading, cards };
  }
  const detail = ProductDetailSchema.safeParse(result.structuredContent);
  if (detail.success) {
    const p = detail.data.product;
    const card = {
      productId: p.id,
      title: p.title,
      price: p.price.formatted,
      ...offerLines(p.availability, p.offer),
      priceNote: priceNoteText({
        lowest30Days: p.priceHistory.lowest30Days,
        verdict: p.discountCheck.verdict,
        realDiscountPercent: p.discountCheck.realDiscountPercent,
      }),
      imageUrl: p.imageUrl,
      url: p.url,
      merchant: p.merchant.name,
      stores: p.merchant.stores.map((s) => ({ name: s.name, place: placeOf(s), distance: null })),
    };
    return { kind: 'cards', heading: p.title, cards: [card] };
  }
  return { kind: 'note', text: 'Não foi possível mostrar os produtos desta resposta.' };
}
