import { describe, expect, it } from 'vitest';
import type { SearchWord } from '../query/vocabulary.ts';
import { expressionOf, groupsOf, matchBound, readCost, type SearchRequest, sliceCost } from './request.ts';
import { WalkBudget } from './walk-budget.ts';

const word = (text: string, docs: number, namingDocs = docs, titleDocs = namingDocs): SearchWord => ({
  word: text,
  alternatives: [[text]],
  docs,
  namingDocs,
  titleDocs,
});

const request = (more: Partial<SearchRequest> = {}): SearchRequest => ({
  words: [word('geladeira', 900, 400, 300)],
  facets: [],
  limit: 10,
  budget: new WalkBudget(),
  ...more,
});

describe('a search request', () => {
  it('bounds its matches by its shortest list: a word (in the columns read), a facet, or the price range', () => {
    expect(matchBound(request())).toBe(900);
    expect(matchBound(request(), 'title')).toBe(300);
    expect(matchBound(request({ columns: 'naming' }))).toBe(400);
    expect(matchBound(request({ facets: [{ tokens: ['k3'], products: 50 }] }))).toBe(50);
    expect(matchBound(request({ price: { ordinals: { first: 11, last: 30 } } }))).toBe(20);
    expect(matchBound(request({ words: [] }))).toBe(Number.MAX_SAFE_INTEGER + 1);
  });

  it('costs a read as the sum of the lists it walks, every facet counted alike', () => {
    const facets = [
      { tokens: ['k3'], products: 50 },
      { tokens: ['b7'], products: 20 },
    ];
    expect(readCost(request(), 0)).toBe(900);
    expect(readCost(request({ facets }), 100)).toBe(900 + 50 + 20 + 100);
    // A word shaped like a filter token has no count: it adds nothing.
    expect(readCost(request({ words: [word('m4', Infinity)] }), 10)).toBe(10);
  });

  it('costs a slice read at most the slice per list', () => {
    const facets = [{ tokens: ['k3'], products: 50 }];
    expect(sliceCost(request({ facets }), 30)).toBe(30 + 30 + 30);
    expect(sliceCost(request({ facets }), 1_000)).toBe(1_000 + 50 + 900);
  });

  it('writes its facets, in order, and the plan’s own tokens into the expression', () => {
    const facets = [
      { tokens: ['k3'], products: 50 },
      { tokens: ['b7'], products: 20 },
    ];
    expect(expressionOf(request({ facets }), { facets: ['c1t2'] })).toBe(
      '{title description category brand} : ("geladeira") AND facets : (k3 AND b7 AND c1t2)',
    );
    expect(expressionOf(request(), { columns: 'title', anyFacets: [['m1', 'm2']] })).toBe(
      '{title} : ("geladeira") AND facets : (m1 OR m2)',
    );
    // A facet of several tokens (categories asked together) is one of them.
    expect(expressionOf(request({ facets: [{ tokens: ['k3', 'k4'], products: 70 }, facets[1]!] }))).toBe(
      '{title description category brand} : ("geladeira") AND facets : (b7) AND facets : (k3 OR k4)',
    );
  });

  it('reads the naming groups only when they can differ from the title groups, each after its exact group', () => {
    expect(groupsOf(request())).toEqual(['titleExact', 'title', 'namingExact', 'naming', 'any']);
    expect(groupsOf(request({ words: [word('tv', 10, 5, 5)] }))).toEqual(['titleExact', 'title', 'any']);
    expect(groupsOf(request({ words: [] }))).toEqual(['any']);
    // A similar-products read ranks by its own measure: no exact groups.
    expect(groupsOf(request({ exactGroups: false }))).toEqual(['title', 'naming', 'any']);
    // An accessory asked for, and no loose alternative: an exact group would read its next group's expression again.
    const capa = word('capa', 100, 80, 60);
    expect(expressionOf(request({ words: [capa] }), { columns: 'titleExact' })).toBe(
      expressionOf(request({ words: [capa] }), { columns: 'title' }),
    );
    expect(groupsOf(request({ words: [capa] }))).toEqual(['title', 'naming', 'any']);
    // A loose alternative ("capa" begins "capacete"): the exact groups differ, and are read.
    const loose = {
      ...capa,
      alternatives: [['capa'], ['capacete']],
      exact: { alternatives: [['capa']], docs: 90, namingDocs: 70, titleDocs: 50 },
    };
    expect(groupsOf(request({ words: [loose] }))).toEqual(['titleExact', 'title', 'namingExact', 'naming', 'any']);
  });

  it("bounds an exact group by the words' exact alternatives, and writes them alone, without the accessories not asked for", () => {
    // "cafe" as the last word: itself exactly, "cafeteira" as the word it begins.
    const cafe: SearchWord = {
      ...word('cafe', 50, 40, 30),
      alternatives: [['cafe'], ['cafeteira']],
      exact: { alternatives: [['cafe']], docs: 20, namingDocs: 15, titleDocs: 10 },
    };
    const withCafe = request({ words: [cafe] });
    expect(matchBound(withCafe, 'titleExact')).toBe(10);
    expect(matchBound(withCafe, 'namingExact')).toBe(15);
    expect(matchBound(withCafe, 'title')).toBe(30);
    const exact = expressionOf(withCafe, { columns: 'titleExact' });
    expect(exact).toBe('({title} : ("cafe")) NOT facets : k0');
    // Around the filters too: the accessories' list is sought only for rows that match every one.
    expect(expressionOf(withCafe, { columns: 'titleExact', facets: ['c1t2'] })).toBe(
      '({title} : ("cafe") AND facets : (c1t2)) NOT facets : k0',
    );
    expect(expressionOf(withCafe, { columns: 'title' })).toBe('{title} : (("cafe" OR "cafeteira"))');
    // Accessories asked for are not left out.
    const capa = request({ words: [word('capa', 10)] });
    expect(expressionOf(capa, { columns: 'titleExact' })).toBe('{title} : ("capa")');
  });
});
