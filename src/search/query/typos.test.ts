import { describe, expect, it } from 'vitest';
import { firstSoundRespellings, isGenderSwap } from './typos.ts';
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
    // Nor once its first sound is spelt another way.
    expect(expandWords(vocabularyOf({ caneco: 3 }), ['kaneca'])[0]!.correctedTo).toBeUndefined();
    expect(expandWords(vocabularyOf({ caneca: 3 }), ['kaneca'])[0]!.correctedTo).toBe('caneca');
    // Still a typo when the ending is not the gender's.
    expect(expandWords(vocabulary, ['geladera'])[0]).toMatchObject({ correctedTo: 'geladeira', alternatives: [['geladeira']] });
  });
});

describe('first sounds', () => {
  it.each([
    ['kafeteira', [['cafeteira', 2]]],
    ['kimono', [['quimono', 3]]],
    ['catchup', [['katchup', 2]]],
    ['quero', [['kero', 2]]],
    ['selular', [['celular', 2]]],
    ['cesta', [['sesta', 2]]],
    ['jeladeira', [['geladeira', 2]]],
    ['xuveiro', [['chuveiro', 3]]],
    ['chicara', [['xicara', 2]]],
    ['herva', [['erva', 1]]],
    ['idratante', [['hidratante', 2]]],
  ])('%s is respelt %j', (word, respelt) => {
    expect(firstSoundRespellings(word)).toEqual(respelt);
  });

  it.each(['bola', 'mesa', 'zapato', 'sapato', 'garrafa'])('%s has no other spelling of its first sound', (word) => {
    expect(firstSoundRespellings(word)).toEqual([]);
  });
});
