import { describe, expect, it } from 'vitest';
import { isGenderSwap } from './typos.ts';
import { vocabularyOf } from './vocabulary-fixture.ts';
import { expandWords } from './words.ts';

describe('gender', () => {
  it.each([
    ['feminino', 'feminina'],
    ['masculinos', 'masculina'],
    ['secadora', 'secador'],
    ['secadoras', 'secadores'],
    ['jarro', 'jarras'],
    ['prato', 'prata'],
  ])('%s and %s are one word in two genders', (a, b) => {
    expect(isGenderSwap(a, b)).toBe(true);
    expect(isGenderSwap(b, a)).toBe(true);
  });

  it.each([
    ['feminino', 'femininos'],
    ['geladera', 'geladeira'],
    ['camizeta', 'camiseta'],
    ['infantil', 'infantis'],
    ['tenis', 'tenia'],
  ])('%s and %s are not', (a, b) => {
    expect(isGenderSwap(a, b)).toBe(false);
  });

  it('a word no product has is not corrected into its other gender, and is left for relaxation', () => {
    const vocabulary = vocabularyOf({ perfume: 4, feminina: 30, vestido: 9, secador: 3, roupa: 5, geladeira: 7 });
    const [perfume, feminino] = expandWords(vocabulary, ['perfume', 'feminino']);
    expect(perfume!.docs).toBe(4);
    expect(feminino).toMatchObject({ word: 'feminino', docs: 0 });
    expect(feminino!.correctedTo).toBeUndefined();
    const [secadora] = expandWords(vocabulary, ['secadora']);
    expect([secadora!.docs, secadora!.correctedTo]).toEqual([0, undefined]);
    // Still a typo when the ending is not the gender's.
    expect(expandWords(vocabulary, ['geladera'])[0]).toMatchObject({ correctedTo: 'geladeira', alternatives: [['geladeira']] });
  });
});
