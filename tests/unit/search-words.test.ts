import { describe, expect, it } from 'vitest';
import { foldKey } from '../../src/catalog/text-keys.ts';
import { pluralsOf, singularsOf } from '../../src/search/plurals.ts';
import { synonymRunAt, synonymsOf } from '../../src/search/synonyms.ts';
import { editDistance, typoBudget } from '../../src/search/typos.ts';

describe('Portuguese plurals (RSLP plural rules)', () => {
  it.each([
    ['geladeiras', 'geladeira'],
    ['fogoes', 'fogao'],
    ['paes', 'pao'],
    ['canais', 'canal'],
    ['papeis', 'papel'],
    ['lencois', 'lencol'],
    ['jardins', 'jardim'],
    ['colheres', 'colher'],
    ['luzes', 'luz'],
    ['fones', 'fone'],
    ['perfumes', 'perfume'],
  ])('%s stands for %s', (plural, singular) => {
    expect(singularsOf(plural)[0]).toBe(singular);
  });

  it.each(['tenis', 'lapis', 'onibus', 'pires', 'oculos', 'gas', 'mes', 'jeans', '128gb', 'tv', 'ml'])('%s is not a plural', (word) => {
    expect(singularsOf(word)).toEqual([]);
  });

  it.each([
    ['fogao', 'fogoes'],
    ['canal', 'canais'],
    ['papel', 'papeis'],
    ['jardim', 'jardins'],
    ['colher', 'colheres'],
    ['geladeira', 'geladeiras'],
  ])('%s has the plural %s', (singular, plural) => {
    expect(pluralsOf(singular)).toContain(plural);
  });
});

describe('typos', () => {
  it("allows Meilisearch's defaults: none under 5 letters, one from 5, two from 9", () => {
    expect([2, 4, 5, 8, 9, 14].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('counts edits, a swap of neighbours as one, and stops past the budget', () => {
    expect(editDistance('geladera', 'geladeira', 2)).toBe(1);
    expect(editDistance('notbook', 'notebook', 2)).toBe(1);
    expect(editDistance('smartfone', 'smartphone', 2)).toBe(2);
    expect(editDistance('gealdeira', 'geladeira', 2)).toBe(1);
    // Why plurals need their own rule: fogões is three edits from fogão.
    expect(editDistance('fogoes', 'fogao', 3)).toBe(3);
    expect(editDistance('bicicleta', 'xyz', 2)).toBe(3);
    expect(editDistance('abcdef', 'ghijkl', 1)).toBe(2);
  });
});

describe('synonyms', () => {
  it('are symmetric within a group, phrases as their words', () => {
    expect(synonymsOf('televisao')).toEqual(expect.arrayContaining([['tv'], ['televisor']]));
    expect(synonymsOf('airfryer')).toEqual(
      expect.arrayContaining([
        ['air', 'fryer'],
        ['fritadeira', 'eletrica'],
      ]),
    );
    expect(synonymsOf('smartphone')).toEqual([['celular']]);
    expect(synonymsOf('geladeirinha')).toEqual([]);
  });

  it('find the longest phrase at a position', () => {
    expect(synonymRunAt(['fritadeira', 'eletrica', '4l'], 0)).toBe(2);
    expect(synonymRunAt(['tv', 'fritadeira', 'sem', 'oleo'], 1)).toBe(3);
    expect(synonymRunAt(['fritadeira'], 0)).toBe(0);
  });
});

describe('folding', () => {
  it('folds compatibility forms, accents and case: full-width letters too', () => {
    expect(foldKey('ＴＶ Ｓａｍｓｕｎｇ')).toBe('tv samsung');
    expect(foldKey('Televisão  LED')).toBe('televisao led');
  });
});
