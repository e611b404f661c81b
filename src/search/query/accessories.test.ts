import { describe, expect, it } from 'vitest';
import { ACCESSORY_FIRST_WORDS_SQL, asksForAccessory } from './accessories.ts';
import type { SearchWord } from './vocabulary.ts';

const word = (text: string, alternatives: string[][] = [[text]]): SearchWord => ({
  word: text,
  alternatives,
  docs: 1,
  namingDocs: 1,
  titleDocs: 1,
});

describe('accessory words', () => {
  it('are not asked for by a query of the thing itself', () => {
    expect(asksForAccessory([word('tv'), word('50')])).toBe(false);
  });

  it('are asked for by a query naming one, in any of its forms', () => {
    expect(asksForAccessory([word('capas', [['capas'], ['capa']]), word('celular')])).toBe(true);
    expect(asksForAccessory([word('pelicula')])).toBe(true);
  });

  it('are matched in the index build with their accents as SQLite lowers them', () => {
    expect(ACCESSORY_FIRST_WORDS_SQL).toEqual(expect.arrayContaining(['película', 'películas', 'acessório', 'acessórios', 'capa']));
  });
});
