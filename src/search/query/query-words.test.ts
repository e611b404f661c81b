import { describe, expect, it } from 'vitest';
import { foldedWords } from './query-words.ts';
import { searchTerms } from './words.ts';

describe('foldedWords', () => {
  it('removes invisible format characters (Cf) before reading words: they never split one', () => {
    for (const hidden of ['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u061c'])
      expect(foldedWords(`fo${hidden}ne blue${hidden}tooth`), JSON.stringify(hidden)).toEqual(['fone', 'bluetooth']);
    expect(searchTerms('\ufefffo\u00adne\u200b').terms).toEqual(['fone']);
  });

  it('still splits on what is seen as a separator', () => {
    expect(foldedWords('fone-bluetooth  JBL_520')).toEqual(['fone', 'bluetooth', 'jbl', '520']);
  });
});
