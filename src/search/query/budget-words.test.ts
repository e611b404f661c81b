import { describe, expect, it } from 'vitest';
import { readBudgetWords } from './budget-words.ts';

const price = (query: string) => {
  const { minPrice, maxPrice, rest } = readBudgetWords(query);
  return { minPrice, maxPrice, rest };
};

describe('budgets in the words, as shoppers type them', () => {
  it.each([
    ['geladeira até 3000 reais', null, 3000],
    ['geladeira até R$ 3.000', null, 3000],
    ['geladeira até R$3.000', null, 3000],
    ['geladeira até 3 mil', null, 3000],
    ['geladeira abaixo de 500', null, 500],
    ['geladeira menos de mil reais', null, 1000],
    ['geladeira no máximo 150', null, 150],
    ['geladeira acima de 1000', 1000, null],
    ['geladeira a partir de R$ 500', 500, null],
    ['geladeira entre 100 e 200 reais', 100, 200],
    ['geladeira de 100 a 200 reais', 100, 200],
    ['geladeira R$ 1.500,00', null, 1500],
    ['geladeira até 1,5 mil', null, 1500],
    ['geladeira até 99,90', null, 99.9],
    ['geladeira entre 3 e 4 mil', 3000, 4000],
    ['geladeira de 2 a 3 mil reais', 2000, 3000],
    ['geladeira entre 500 e 2 mil', 500, 2000],
  ])('%s', (query, minPrice, maxPrice) => {
    expect(price(query)).toEqual({ minPrice, maxPrice, rest: 'geladeira' });
  });

  it('orders a range written backwards', () => {
    expect(price('tv entre 3 mil e 2 mil')).toEqual({ minPrice: 2000, maxPrice: 3000, rest: 'tv' });
  });

  it("leaves the product's own numbers alone: sizes, counts, models", () => {
    for (const query of [
      'tv até 50 polegadas',
      'geladeira de 2 a 4 portas',
      'iphone 15',
      'fogão 5 bocas',
      'tv entre 40 e 50 polegadas',
      'geladeira 400 litros',
    ]) {
      expect(price(query), query).toEqual({ minPrice: null, maxPrice: null, rest: query });
    }
  });

  it('says what it read, as written', () => {
    expect(readBudgetWords('Celular Samsung até R$ 1.500 mais barato').read).toEqual(['até R$ 1.500', 'mais barato']);
  });
});

describe('order in the words', () => {
  it.each([
    ['celular barato', 'price_asc'],
    ['celular mais barato', 'price_asc'],
    ['os celulares mais baratos', 'price_asc'],
    ['celular em conta', 'price_asc'],
    ['celular mais caro', 'price_desc'],
    ['farmácia perto de mim', 'distance'],
    ['celular', null],
  ])('%s', (query, sort) => {
    expect(readBudgetWords(query).sort).toBe(sort);
  });

  it('keeps the rest of the words to search', () => {
    expect(readBudgetWords('quero um celular barato até 2 mil').rest).toBe('quero um celular');
  });
});

describe('words that ask for real price drops', () => {
  it.each([
    ['geladeira que baixou de preço', 'geladeira que', ['baixou de preço']],
    ['tv menor preço em 30 dias', 'tv', ['menor preço em 30 dias']],
    ['celular menor preço dos últimos 30 dias', 'celular', ['menor preço dos últimos 30 dias']],
    ['promoção de verdade fone', 'fone', ['promoção de verdade']],
  ])('%s', (query, rest, read) => {
    const words = readBudgetWords(query);
    expect({ priceDropped: words.priceDropped, rest: words.rest, read: words.read, sort: words.sort }).toEqual({
      priceDropped: true,
      rest,
      read,
      sort: null,
    });
  });

  it('leaves "menor preço" alone an order, and other words no drop', () => {
    expect(readBudgetWords('tv menor preço')).toMatchObject({ priceDropped: false, sort: 'price_asc', rest: 'tv' });
    expect(readBudgetWords('preço de verdade').priceDropped).toBe(false);
  });
});
