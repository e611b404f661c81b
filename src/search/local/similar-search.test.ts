import { describe, expect, it } from 'vitest';
import { bySimilarity, kindWordOf, similarityOf, titleWordsOf } from './similar-search.ts';

const fridge = { title: 'Geladeira Brastemp Frost Free 375L Inox', brand: 'Brastemp', priceCents: 350_000 };
const forms = new Set(['geladeira', 'geladeiras']);

describe('products like one product', () => {
  it('read what a title says the product is: its words before " para ", the first with a letter naming the kind', () => {
    expect(titleWordsOf('Capa para Celular Samsung')).toEqual(['capa']);
    expect(kindWordOf('Geladeira Brastemp Frost Free')).toBe('geladeira');
    expect(kindWordOf('2 Cadeiras de Jantar')).toBe('cadeiras');
    expect(kindWordOf('128 256')).toBeUndefined();
  });

  it('rank the same kind first, then more in common (title words, brand), then the nearer price', () => {
    const other = (title: string, brand: string, priceCents: number) => similarityOf(fridge, { title, brand, priceCents }, forms);
    const sameBrandNear = other('Geladeira Brastemp Frost Free 400L', 'Brastemp', 360_000);
    const otherBrand = other('Geladeira Electrolux Frost Free 375L', 'Electrolux', 300_000);
    const cheaper = other('Geladeira Consul 300L', 'Consul', 250_000);
    const notAFridge = other('Freezer Brastemp Frost Free 375L', 'Brastemp', 350_000);
    expect(sameBrandNear).toMatchObject({ kind: true, shared: 4 });
    expect(otherBrand).toMatchObject({ kind: true, shared: 3 });
    expect(notAFridge).toMatchObject({ kind: false, shared: 5, priceDistance: 0 });
    const ranked = [notAFridge, cheaper, otherBrand, sameBrandNear].sort(bySimilarity);
    expect(ranked).toEqual([sameBrandNear, otherBrand, cheaper, notAFridge]);
    // Equal in words: the nearer price first, above or below.
    const near = other('Geladeira Consul 300L', 'Consul', 330_000);
    expect([cheaper, near].sort(bySimilarity)).toEqual([near, cheaper]);
  });
});
