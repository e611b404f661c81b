import { describe, expect, it } from 'vitest';
import { ACCESSORY_WORDS, accessoriesNotAsked } from './accessories.ts';
import type { SearchWord } from './vocabulary.ts';

const word = (text: string, alternatives: string[][] = [[text]]): SearchWord => ({
  word: text,
  alternatives,
  docs: 1,
  namingDocs: 1,
  titleDocs: 1,
});

describe('accessory words', () => {
  it('are all left out when the query asks for none', () => {
    expect(accessoriesNotAsked([word('tv'), word('50')])).toEqual(ACCESSORY_WORDS);
  });

  it('keep the ones the query asks for, in any of its forms', () => {
    const notAsked = accessoriesNotAsked([word('capas', [['capas'], ['capa']]), word('celular')]);
    expect(notAsked).not.toContain('capa');
    expect(notAsked).not.toContain('capas');
    expect(notAsked).toContain('pelicula');
  });
});
