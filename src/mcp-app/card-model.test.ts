import { describe, expect, it } from 'vitest';
import { priceFigures } from '../price-history/price-figures.ts';
import { priceHistoryView } from '../price-history/price-history-schema.ts';
import { cardsOf, distanceText } from './card-model.ts';

/** An offer with no facts beyond the price. */
const NO_OFFER = { condition: 'new', listPrice: null, discountPercent: null, pixPrice: null, installments: null, gtin: null } as const;

const store = { id: 3, name: 'Loja Pinheiros', address: 'Rua dos Pinheiros, 1', district: 'Pinheiros', city: 'São Paulo', state: 'SP' };
const located = { ...store, postalCode: '05422-001', latitude: -23.56, longitude: -46.69 };
const price = { cents: 129990, amount: '1299.90', currency: 'BRL', formatted: 'R$ 1.299,90' };
const result = {
  productId: 7,
  title: 'Geladeira Frost Free <b>Brastemp</b>',
  price,
  category: 'Eletrodomésticos',
  brand: 'Brastemp',
  merchant: { id: 2, name: 'Casa Moema' },
  store: { ...located, distanceKm: 1.234 },
  availability: 'in_stock',
  offer: NO_OFFER,
  priceCheck: {
    lowest30Days: { price: { cents: 119990, amount: '1199.90', currency: 'BRL', formatted: 'R$ 1.199,90' }, date: '2026-11-20' },
    verdict: 'not_lower_than_30_days',
    realDiscountPercent: null,
  },
  imageUrl: 'https://img.example/7.jpg',
  url: 'https://catalogo.example/produtos/7/geladeira',
  match: 'all_words_in_title' as const,
};

describe('product cards from a tool result', () => {
  it('makes a card per search result, with its price, store, place and distance as shoppers read them', () => {
    const view = cardsOf({ structuredContent: { results: [result], message: 'Found 1' } });
    expect(view).toEqual({
      kind: 'cards',
      heading: '1 produto encontrado',
      cards: [
        {
          productId: 7,
          title: 'Geladeira Frost Free <b>Brastemp</b>',
          price: 'R$ 1.299,90',
          listPrice: null,
          installments: null,
          availability: 'Em estoque',
          inStock: true,
          // The 30-day low, and that the price is not below it: no real discount.
          priceNote: 'Menor preço em 30 dias: R$ 1.199,90 · sem desconto real',
          imageUrl: 'https://img.example/7.jpg',
          url: 'https://catalogo.example/produtos/7/geladeira',
          merchant: 'Casa Moema',
          stores: [{ name: 'Loja Pinheiros', place: 'Pinheiros, São Paulo (SP)', distance: '1,2 km' }],
        },
      ],
    });
  });

  it('makes one card of a product with every store of its merchant', () => {
    const product = {
      id: 7,
      title: 'Geladeira',
      description: 'Frost free',
      category: { name: 'Eletrodomésticos', slug: 'eletrodomesticos' },
      brand: 'Brastemp',
      price,
      availability: 'in_stock',
      offer: NO_OFFER,
      ...priceHistoryView(
        priceFigures(
          [{ date: '2026-01-01', priceCents: price.cents, listPriceCents: null, pixPriceCents: null, availability: 'in_stock' }],
          '2026-01-02',
          null,
        ),
      ),
      imageUrl: 'https://img.example/7.jpg',
      publishedAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-02T00:00:00Z',
      url: 'https://catalogo.example/produtos/7/geladeira',
      engagement: { viewsCount: 1, likesCount: 0, dislikesCount: 0 },
      merchant: { id: 2, name: 'Casa Moema', stores: [located, { ...located, id: 4, district: 'Moema' }] },
    };
    const view = cardsOf({ structuredContent: { catalogVersion: 'v', generatedAt: 'g', product, otherOffers: { total: 0, offers: [] } } });
    expect(view.kind === 'cards' && view.cards[0]!.stores.map((s) => s.place)).toEqual([
      'Pinheiros, São Paulo (SP)',
      'Moema, São Paulo (SP)',
    ]);
  });

  it('states the offer as a shop does: the list price, the installments, the availability in words', () => {
    const offer = {
      ...NO_OFFER,
      listPrice: { cents: 139_900, amount: '1399.00', currency: 'BRL', formatted: 'R$ 1.399,00' },
      installments: {
        count: 10,
        interestFree: true,
        amount: { cents: 12_999, amount: '129.99', currency: 'BRL', formatted: 'R$ 129,99' },
        firstAmount: null,
      },
    };
    const view = cardsOf({ structuredContent: { results: [{ ...result, availability: 'out_of_stock', offer }] } });
    expect(view.kind === 'cards' && view.cards[0]).toMatchObject({
      listPrice: 'R$ 1.399,00',
      installments: '10x de R$ 129,99 sem juros',
      availability: 'Indisponível',
      inStock: false,
    });
  });

  it('says so, in a sentence, for no results, an error or a result of another shape', () => {
    expect(cardsOf({ structuredContent: { results: [], message: 'none' } })).toEqual({ kind: 'note', text: 'Nenhum produto encontrado.' });
    expect(cardsOf({ isError: true, structuredContent: { results: [result] } }).kind).toBe('note');
    expect(cardsOf({ structuredContent: { results: [{ ...result, price: 12 }] } }).kind).toBe('note');
    expect(cardsOf(undefined).kind).toBe('note');
  });

  it('writes distances in Brazilian Portuguese, metres under a kilometre', () => {
    expect([distanceText(0.004), distanceText(0.456), distanceText(1), distanceText(12.36)]).toEqual(['10 m', '460 m', '1 km', '12,4 km']);
  });
});
