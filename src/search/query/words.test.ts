import { describe, expect, it } from 'vitest';
import { foldKey } from '../../lib/text-keys.ts';
import { pluralsOf, singularsOf } from './plurals.ts';
import { synonymTable } from './synonyms.ts';
import { parseSynonymsFile } from './synonyms-file.ts';
import { editDistance, typoBudget } from './typos.ts';
import { vocabularyOf } from './vocabulary-fixture.ts';
import { expandWords, searchTerms } from './words.ts';

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
  const builtIn = synonymTable();

  it('are symmetric within a group, phrases as their words', () => {
    expect(builtIn.of('televisao')).toEqual(expect.arrayContaining([['tv'], ['televisor']]));
    expect(builtIn.of('airfryer')).toEqual(
      expect.arrayContaining([
        ['air', 'fryer'],
        ['fritadeira', 'eletrica'],
      ]),
    );
    expect(builtIn.of('smartphone')).toEqual([['celular'], ['cel']]);
    expect(builtIn.of('geladeirinha')).toEqual([]);
  });

  it("an abbreviation stands for its word and the word's group, one way only", () => {
    expect(builtIn.of('note')).toEqual([['notebook'], ['laptop'], ['computador', 'portatil']]);
    expect(builtIn.of('notebook')).toEqual([['laptop'], ['computador', 'portatil']]);
    expect(builtIn.of('capinha')).toEqual([['capa']]);
    expect(builtIn.of('capa')).toEqual([]);
    expect(builtIn.of('cx')).toEqual([['caixa']]);
    expect(builtIn.of('bt')).toEqual([['bluetooth']]);
  });

  it('find the longest phrase at a position', () => {
    expect(builtIn.runAt(['fritadeira', 'eletrica', '4l'], 0)).toBe(2);
    expect(builtIn.runAt(['tv', 'fritadeira', 'sem', 'oleo'], 1)).toBe(3);
    expect(builtIn.runAt(['fritadeira'], 0)).toBe(0);
  });

  it("add an operator's groups to the built-in ones; a member of both gets both groups' names", () => {
    const table = synonymTable([
      ['mandioca', 'aipim', 'macaxeira'],
      ['tv', 'tela'],
    ]);
    expect(table.of('aipim')).toEqual([['mandioca'], ['macaxeira']]);
    expect(table.of('tv')).toEqual([['televisao'], ['televisor'], ['tela']]);
    expect(builtIn.of('aipim')).toEqual([]);
  });
});

describe('the synonyms file', () => {
  it('reads groups of equivalent terms, folded as queries are, skipping comments and blank lines', () => {
    const text =
      '\uFEFF# regionais\r\nMandioca, Aipim ,macaxeira\n\n  # outro\nAbajur, Luminária de Mesa, abajur\nMicro-ondas, microondas\n';
    expect(parseSynonymsFile(text)).toEqual({
      groups: [
        ['mandioca', 'aipim', 'macaxeira'],
        ['abajur', 'luminaria mesa'],
        ['micro ondas', 'microondas'],
      ],
      issues: [],
    });
  });

  it.each([
    ['tv => televisao', 'one-way mappings'],
    ['tv,, tela', 'empty term'],
    ['tv, tela,', 'empty term'],
    ['tv, de', 'no searchable word'],
    ['tv', 'at least two different terms'],
    ['TV, tv', 'at least two different terms'],
    ['tv, tela plana grande curva', 'more than 3 words'],
    [`tv, ${'a'.repeat(70)}`, 'longer than 60 characters'],
    [Array.from({ length: 33 }, (_, i) => `termo${i}`).join(', '), 'at most 32 terms'],
  ])('refuses %j with a located reason', (line, reason) => {
    const { groups, issues } = parseSynonymsFile(`# first line\n${line}\ncelular, smartphone`);
    expect(groups).toEqual([['celular', 'smartphone']]);
    expect(issues).toEqual([{ line: 2, message: expect.stringContaining(reason) }]);
  });
});

describe('folding', () => {
  it('folds compatibility forms, accents and case: full-width letters too', () => {
    expect(foldKey('ＴＶ Ｓａｍｓｕｎｇ')).toBe('tv samsung');
    expect(foldKey('Televisão  LED')).toBe('televisao led');
  });
});

describe('query words', () => {
  it('never searches stopwords, and says when a query had nothing else', () => {
    expect(searchTerms('Geladeira de duas portas')).toEqual({
      terms: ['geladeira', 'duas', 'portas'],
      ignored: ['de'],
      onlyStopwords: false,
      noWords: false,
    });
    expect(searchTerms('e com')).toEqual({ terms: [], ignored: ['e', 'com'], onlyStopwords: true, noWords: false });
  });

  it('leaves out a generic word beside the kind ("aparelho celular"), and searches it alone', () => {
    expect(searchTerms('aparelho celular')).toMatchObject({ terms: ['celular'], ignored: ['aparelho'] });
    expect(searchTerms('produto de limpeza')).toMatchObject({ terms: ['limpeza'], ignored: ['produto', 'de'] });
    expect(searchTerms('aparelhos')).toMatchObject({ terms: ['aparelhos'], ignored: [] });
  });

  it('says when a query has no word at all (symbols, emoji)', () => {
    for (const query of ['" -- ()', '😀😀', '!!!', '★ ♥']) {
      expect(searchTerms(query), query).toEqual({ terms: [], ignored: [], onlyStopwords: false, noWords: true });
    }
    expect(searchTerms('   ').noWords).toBe(false);
  });

  it("leaves out what a shopper says around the thing: it is no product's word", () => {
    expect(searchTerms('Quero uma geladeira').terms).toEqual(['geladeira']);
    expect(searchTerms('preciso de um celular').terms).toEqual(['celular']);
    expect(searchTerms('procuro um bom fone').terms).toEqual(['fone']);
    expect(searchTerms('você tem algum notebook?').terms).toEqual(['notebook']);
    expect(searchTerms('oi, tô procurando o melhor secador').terms).toEqual(['secador']);
    expect(searchTerms('onde encontro cafeteira').terms).toEqual(['cafeteira']);
    expect(searchTerms('quanto tá a air fryer').terms).toEqual(['air', 'fryer']);
    expect(searchTerms('alguém tem chapinha?').terms).toEqual(['chapinha']);
    expect(searchTerms('me mostra os celulares samsung').terms).toEqual(['celulares', 'samsung']);
  });
});

describe('what a query says, read with the vocabulary', () => {
  it("joins a model's letter to its number when the index has them joined (the letter alone is a stopword), never after a number", () => {
    const vocabulary = vocabularyOf({ galaxy: 3, a15: 1, 15: 4, a4: 2, caderno: 5 });
    expect(searchTerms('galaxy a 15', vocabulary).terms).toEqual(['galaxy', 'a15']);
    expect(searchTerms('Samsung Galaxy A-15', vocabulary).terms).toEqual(['samsung', 'galaxy', 'a15']);
    expect(searchTerms('galaxy a 15').terms).toEqual(['galaxy', '15']);
    expect(searchTerms('tv de 32 a 43 polegadas', vocabulary).terms).toEqual(['tv', '32', '43', 'polegadas']);
    expect(searchTerms('caderno 1 a 4 materias', vocabulary).terms).toEqual(['caderno', '1', '4', 'materias']);
  });

  it('reads a name and its number written as one ("iphone13") as both, when the index has both', () => {
    const vocabulary = vocabularyOf({ iphone: 3, 13: 5, capa: 9 });
    expect(expandWords(vocabulary, ['iphone13'])[0]!.alternatives).toContainEqual(['iphone', '13']);
    expect(expandWords(vocabulary, ['tela13'])[0]!.alternatives).not.toContainEqual(['tela', '13']);
  });

  it('reads a number and its unit in any spelling', () => {
    const vocabulary = vocabularyOf({ '4l': 2, 4: 9, litros: 5, 50: 3 });
    expect(expandWords(vocabulary, ['air', '4lts'])[1]!.alternatives).toContainEqual(['4l']);
    expect(expandWords(vocabulary, ['air', '4', 'lts'])[1]!.alternatives).toEqual(expect.arrayContaining([['4l'], ['4', 'litros']]));
    expect(expandWords(vocabulary, ['tv', '50pol'])[1]!.alternatives).toContainEqual(['50']);
  });
});
