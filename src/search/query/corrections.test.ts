import { describe, expect, it } from 'vitest';
import { synonymTable } from './synonyms.ts';
import type { Vocabulary } from './vocabulary.ts';
import { vocabularyOf } from './vocabulary-fixture.ts';
import { expandWords } from './words.ts';

describe('corrections', () => {
  it('reads a four-letter word with two neighbouring letters swapped, and no other slip of four letters', () => {
    const vocabulary = vocabularyOf({ nike: 5, bola: 4, cola: 3 });
    expect(expandWords(vocabulary, ['nkie'])[0]).toMatchObject({ correctedTo: 'nike', alternatives: [['nike']] });
    expect(expandWords(vocabulary, ['bolx'])[0]!.correctedTo).toBeUndefined();
    expect(expandWords(vocabulary, ['obla'])[0]!.correctedTo).toBeUndefined();
  });

  it('a correction stands for its synonyms too', () => {
    const [word] = expandWords(vocabularyOf({ geladeira: 5, refrigerador: 3 }), ['geladera']);
    expect(word).toMatchObject({ correctedTo: 'geladeira', alternatives: [['geladeira'], ['refrigerador']], docs: 8 });
  });

  it('a typo of a synonym no product has finds what its group names', () => {
    const [word] = expandWords(vocabularyOf({ tv: 10, televisor: 2, telefone: 4 }), ['televizao']);
    expect(word).toMatchObject({ correctedTo: 'televisao', alternatives: [['tv'], ['televisor']] });
  });

  it("an operator's synonym counts as well", () => {
    const vocabulary = vocabularyOf({ mandioca: 2, macarrao: 7 }, [['mandioca', 'aipim', 'macaxeira']]);
    expect(expandWords(vocabulary, ['macaxera'])[0]).toMatchObject({ correctedTo: 'macaxeira', alternatives: [['mandioca']] });
  });

  it('an index word comes before a synonym at the same distance', () => {
    // "televisoa" is one edit from the index's "televisor" and from the synonym "televisao".
    const [word] = expandWords(vocabularyOf({ televisor: 2, tv: 10 }), ['televisoa']);
    expect(word!.correctedTo).toBe('televisor');
  });

  it('a synonym whose group no product has is no correction', () => {
    const [word] = expandWords(vocabularyOf({ lavanda: 3 }), ['lavadorra']);
    expect([word!.docs, word!.correctedTo]).toEqual([0, undefined]);
  });
});

describe('first sounds spelt another way', () => {
  const vocabulary = vocabularyOf({ cafeteira: 4, chuveiro: 2, chuva: 9, celular: 8, erva: 3, quimono: 1, sela: 2 });

  it('are corrected when nothing else fits', () => {
    expect(expandWords(vocabulary, ['kafeteira'])[0]).toMatchObject({ correctedTo: 'cafeteira', alternatives: [['cafeteira']] });
    expect(expandWords(vocabulary, ['xuveiro'])[0]!.correctedTo).toBe('chuveiro');
    expect(expandWords(vocabulary, ['selular'])[0]!.correctedTo).toBe('celular');
    expect(expandWords(vocabulary, ['herva'])[0]!.correctedTo).toBe('erva');
    expect(expandWords(vocabulary, ['kimono'])[0]!.correctedTo).toBe('quimono');
    // Within the typo budget once respelt: "kafeteria" is cafeteira's letters swapped.
    expect(expandWords(vocabulary, ['kafeteria'])[0]!.correctedTo).toBe('cafeteira');
  });

  it("come after a typo within the word's own first letter", () => {
    // "seluar" is one edit from "selar", and from "celular" once respelt.
    expect(expandWords(vocabularyOf({ selar: 1, celular: 8 }), ['seluar'])[0]!.correctedTo).toBe('selar');
  });

  it('leave words of three letters alone, and take four only exactly', () => {
    expect(expandWords(vocabularyOf({ cal: 3 }), ['sal'])[0]!.docs).toBe(0);
    expect(expandWords(vocabulary, ['cela'])[0]!.correctedTo).toBe('sela');
    expect(expandWords(vocabulary, ['celo'])[0]!.docs).toBe(0);
  });

  it('read a small part of the vocabulary: the new spelling and the next letter', () => {
    const ranges: string[] = [];
    const spy: Vocabulary = {
      ...vocabulary,
      wordsBetween: (from, to, min, max) => {
        ranges.push(`${from}-${to}`);
        return vocabulary.wordsBetween(from, to, min, max);
      },
    };
    expandWords(spy, ['xuveiro']);
    expect(ranges).toEqual(['x-y', 'chu-chv']);
  });
});

describe('words joined and split', () => {
  it('two words the index has as one match it, each of them', () => {
    const [pen, drive] = expandWords(vocabularyOf({ pendrive: 2, pen: 1, drive: 1 }), ['pen', 'drive']);
    expect(pen!.alternatives).toEqual([['pen'], ['pendrive']]);
    expect(drive!.alternatives).toEqual([['drive'], ['pendrive']]);
    const [mouse, pad] = expandWords(vocabularyOf({ mousepad: 2, mouse: 4 }), ['mouse', 'pad']);
    expect([mouse!.docs, pad!.docs, pad!.correctedTo]).toEqual([6, 2, undefined]);
    expect(expandWords(vocabularyOf({ pen: 1, drive: 1 }), ['pen', 'drive']).map((w) => w.alternatives)).toEqual([[['pen']], [['drive']]]);
  });

  it('a word the index has as written matches its two parts as well, when titles have them', () => {
    expect(expandWords(vocabularyOf({ pendrive: 2, pen: 1, drive: 1 }), ['pendrive'])[0]!.alternatives).toEqual([
      ['pendrive'],
      ['pen', 'drive'],
    ]);
    // "dor" only in descriptions: a hair dryer (secador) is not "seca" and "dor".
    const vocabulary = vocabularyOf({ secador: 3, seca: 5, dor: [2, 0, 0] });
    expect(expandWords(vocabulary, ['secador'])[0]!.alternatives).toEqual([['secador']]);
    // A word in no product still splits into any two index words.
    expect(expandWords(vocabularyOf({ seca: 5, dor: [2, 0, 0] }), ['secador'])[0]!.alternatives).toEqual([['secador'], ['seca', 'dor']]);
  });

  it('a word in no product splits across the "de" of a kind, with what the two words stand for', () => {
    expect(expandWords(vocabularyOf({ fone: 3, ouvido: 2 }), ['fonedeouvido'])[0]!.alternatives).toEqual([
      ['fonedeouvido'],
      ['fone', 'ouvido'],
    ]);
    const [washer] = expandWords(vocabularyOf({ maquina: 3, lavar: 2, lavadora: 4 }), ['maquinadelavar']);
    expect(washer!.alternatives).toContainEqual(['maquina', 'lavar']);
    expect(washer!.alternatives).toContainEqual(['lavadora']);
  });

  it('a part of two letters splits off only as a word of titles, beside a longer one', () => {
    expect(expandWords(vocabularyOf({ smart: 4, tv: 5 }), ['smarttv'])[0]!.alternatives).toEqual([['smarttv'], ['smart', 'tv']]);
    // "tv" only in descriptions, or beside another short part: no split.
    expect(expandWords(vocabularyOf({ smart: 4, tv: [5, 0, 0] }), ['smarttv'])[0]!.alternatives).toEqual([['smarttv']]);
    expect(expandWords(vocabularyOf({ pc: 4, tv: 5 }), ['pctv'])[0]!.alternatives).toEqual([['pctv']]);
  });
});

describe('the synonym table', () => {
  it("lists its one-word members in a range, the operator's with the built-in ones", () => {
    const table = synonymTable([['mandioca', 'aipim', 'macaxeira']]);
    expect(table.wordsBetween('mac', 'mad')).toEqual(['macaxeira']);
    expect(table.wordsBetween('tel', 'tem')).toEqual(['televisao', 'television', 'televisor']);
    expect(table.wordsBetween('zzz', '{')).toEqual([]);
  });
});

describe('exact and loose alternatives', () => {
  it("rank a typo's chosen correction as the word, its other candidates below", () => {
    // "cadera" is one edit from both; cadeira has more products.
    const [word] = expandWords(vocabularyOf({ cadeira: 9, cadela: 2 }), ['cadera']);
    expect(word).toMatchObject({ correctedTo: 'cadeira', alternatives: [['cadeira'], ['cadela']] });
    expect(word!.exact).toEqual({ alternatives: [['cadeira']], docs: 9, namingDocs: 9, titleDocs: 9 });
  });

  it('rank the words a partial last word begins below the word itself, but a number with its unit as the number', () => {
    const vocabulary = vocabularyOf({ cafe: 5, cafeteira: 4, 128: 1, '128gb': 6, 1280: 2 });
    const [, cafe] = expandWords(vocabulary, ['po', 'cafe']);
    expect(cafe!.exact?.alternatives).toEqual([['cafe']]);
    expect(cafe!.alternatives).toContainEqual(['cafeteira']);
    const [, number] = expandWords(vocabulary, ['celular', '128']);
    expect(number!.exact?.alternatives).toEqual([['128'], ['128gb']]);
    // A word no other word begins has nothing loose.
    expect(expandWords(vocabulary, ['cafeteira'])[0]!.exact).toBeUndefined();
  });

  it("never correct a model's number into another", () => {
    const vocabulary = vocabularyOf({ iphone: 5, iphone12: 1, 13: 3 });
    const [word] = expandWords(vocabulary, ['iphone13']);
    expect(word!.correctedTo).toBeUndefined();
    // Split instead: the name and its number.
    expect(word!.alternatives).toContainEqual(['iphone', '13']);
  });

  it('split a name from its model ("motog84" is moto g84)', () => {
    const [word] = expandWords(vocabularyOf({ moto: 4, motog: 0, g84: 1 }), ['motog84']);
    expect(word!.alternatives).toContainEqual(['moto', 'g84']);
  });
});
