import { describe, expect, it } from 'vitest';
import { synonymTable } from './synonyms.ts';
import { vocabularyOf } from './vocabulary-fixture.ts';
import { expandWords } from './words.ts';

describe('corrections', () => {
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

describe('the synonym table', () => {
  it("lists its one-word members in a range, the operator's with the built-in ones", () => {
    const table = synonymTable([['mandioca', 'aipim', 'macaxeira']]);
    expect(table.wordsBetween('mac', 'mad')).toEqual(['macaxeira']);
    expect(table.wordsBetween('tel', 'tem')).toEqual(['televisao', 'televisor']);
    expect(table.wordsBetween('zzz', '{')).toEqual([]);
  });
});
