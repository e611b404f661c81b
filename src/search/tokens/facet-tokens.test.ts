import { describe, expect, it } from 'vitest';
import {
  brandToken,
  categoryToken,
  cityToken,
  districtToken,
  FACET_LETTERS,
  FACET_TOKEN_SHAPE,
  merchantToken,
  placeOfAnyTier,
  productFacetsSql,
  TIER_PLACEHOLDER,
  tierToken,
  WHOLE_CATALOG_PLACE,
  wordTermsSql,
} from './facet-tokens.ts';

describe('the facet-token grammar', () => {
  it('writes each facet as a letter and digits, places with their tier', () => {
    expect([merchantToken(7), categoryToken(3), cityToken(12), districtToken(40)]).toEqual(['m7', 'k3', 'c12', 'd40']);
    expect(tierToken(cityToken(12), 2)).toBe('c12t2');
    expect(tierToken(WHOLE_CATALOG_PLACE, 1)).toBe('c0t1');
    expect(placeOfAnyTier(districtToken(40))).toBe(`d40t${TIER_PLACEHOLDER}`);
    expect(brandToken(5)).toBe('b5');
    expect(productFacetsSql('p.merchant_id', 'p.category_id', 'p.brand_id')).toBe(
      "'m' || p.merchant_id || ' k' || p.category_id || ' b' || p.brand_id",
    );
    for (const facet of ['b5', 'c0t1', 'm7']) expect(FACET_TOKEN_SHAPE.test(facet), facet).toBe(true);
    for (const word of ['bola', 'p', 'p20', 'celular', '4k']) expect(FACET_TOKEN_SHAPE.test(word), word).toBe(false);
  });

  it('keeps words and leaves facets out of the vocabulary, as SQLite compares terms', () => {
    // The ranges the SQL keeps, applied to terms the way SQLite compares text (bytewise).
    const sql = wordTermsSql('t');
    const ranges = [...sql.matchAll(/WHERE (?:term >= '([^']+)')?(?: AND )?(?:term < '([^']+)')?/g)].map(([, from, to]) => ({ from, to }));
    const kept = (term: string) => ranges.some(({ from, to }) => (from === undefined || term >= from) && (to === undefined || term < to));
    for (const facet of ['b1', 'b227', 'c0t1', 'c12t6', 'd40t2', 'k3', 'm7', 'm123456']) expect(kept(facet), facet).toBe(false);
    for (const word of [
      'bola',
      'b',
      'celular',
      'c',
      'cafeteira',
      'd',
      'dvd',
      'kit',
      'k',
      'mesa',
      'm',
      'panela',
      'p',
      'p20',
      'zebra',
      '4k',
      '128gb',
    ])
      expect(kept(word), word).toBe(true);
    expect(ranges).toHaveLength(FACET_LETTERS.length + 1);
  });
});
