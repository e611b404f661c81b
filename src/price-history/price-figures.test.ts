import { describe, expect, it } from 'vitest';
import { dateOf, dayNumber } from './price-days.ts';
import { priceFigures, recentDropPercent } from './price-figures.ts';
import { decodePoints, encodePoints, nextHistory, type PricePoint, pointValues, recentDropOf } from './price-series.ts';

const AS_OF = '2026-11-27';
/** The date `n` days before the catalog's date. */
const ago = (n: number) => dateOf(dayNumber(AS_OF)! - n);
const point = (daysAgo: number, priceCents: number, more: Partial<PricePoint> = {}): PricePoint => ({
  date: ago(daysAgo),
  priceCents,
  listPriceCents: null,
  pixPriceCents: null,
  availability: 'in_stock',
  ...more,
});

describe('price figures', () => {
  it('confirms a real drop against the lowest price of the 30 days before it began', () => {
    const f = priceFigures([point(100, 50_000), point(40, 45_000), point(5, 39_900)], AS_OF, null);
    expect(f.discountCheck).toEqual({
      verdict: 'confirmed',
      referencePriceCents: 45_000,
      realDiscountPercent: 11,
      currentPriceSince: ago(5),
    });
    expect(f.lowest30Days).toEqual({ priceCents: 39_900, date: AS_OF });
    expect(f.lowest90Days).toEqual({ priceCents: 39_900, date: AS_OF });
    expect(f.highest90Days).toEqual({ priceCents: 50_000, date: ago(41) });
    expect(f.lastChange).toEqual({ previousPriceCents: 45_000, date: ago(5) });
    expect(f.since).toBe(ago(100));
  });

  it('sees through "metade do dobro": a price raised, then "halved" to what it was', () => {
    const list = 79_800;
    const f = priceFigures([point(90, 39_900), point(20, 79_800), point(2, 39_900, { listPriceCents: list })], AS_OF, list);
    expect(f.discountCheck.verdict).toBe('not_lower_than_30_days');
    expect(f.discountCheck.referencePriceCents).toBe(39_900);
    // The announced list price was charged on the 18 days it was up, of the last 90.
    expect(f.listPriceDaysCharged90).toBe(18);
  });

  it('says unchanged with 30 days or more known, too short under them', () => {
    expect(priceFigures([point(29, 1_000)], AS_OF, null).discountCheck.verdict).toBe('unchanged');
    expect(priceFigures([point(28, 1_000)], AS_OF, null).discountCheck.verdict).toBe('history_too_short');
    // A change after 10 known days: the 30 days before it are not all known.
    expect(priceFigures([point(15, 1_000), point(5, 900)], AS_OF, null).discountCheck).toMatchObject({
      verdict: 'history_too_short',
      referencePriceCents: null,
    });
  });

  it('leaves out the days the product was out of stock: nothing was charged', () => {
    const f = priceFigures([point(60, 30_000), point(25, 9_900, { availability: 'out_of_stock' }), point(10, 29_000)], AS_OF, null);
    expect(f.discountCheck).toMatchObject({ verdict: 'confirmed', referencePriceCents: 30_000 });
    expect(f.lowest90Days).toEqual({ priceCents: 29_000, date: AS_OF });
  });

  it('draws the last 180 days, the price in force on the first dated that day, at most 60 changes', () => {
    const f = priceFigures([point(300, 1_000), point(200, 1_100), point(100, 1_200)], AS_OF, null);
    expect(f.series).toEqual([
      { date: ago(179), priceCents: 1_100 },
      { date: ago(100), priceCents: 1_200 },
    ]);
    const many = Array.from({ length: 80 }, (_, i) => point(80 - i, 1_000 + (i % 2)));
    const drawn = priceFigures(many, AS_OF, null).series;
    expect(drawn).toHaveLength(60);
    expect(drawn.at(-1)).toEqual({ date: ago(1), priceCents: 1_000 + (79 % 2) });
  });
});

describe('the next history of a product', () => {
  const today = point(0, 2_000);

  it('adds nothing when the price did not change, and one point when it did', () => {
    const kept = { points: [point(10, 2_000)], observedFrom: ago(10) };
    expect(nextHistory(kept, [], today, 400).history).toEqual(kept);
    expect(nextHistory(kept, [], { ...today, priceCents: 1_900 }, 400).history.points).toHaveLength(2);
  });

  it('lets the last build of a day win', () => {
    const first = nextHistory({ points: [point(10, 2_000)], observedFrom: ago(10) }, [], { ...today, priceCents: 1_500 }, 400).history;
    expect(nextHistory(first, [], today, 400).history.points).toEqual([point(10, 2_000)]);
  });

  it("takes the operator's past prices before the product was first recorded only", () => {
    const kept = { points: [point(10, 2_000)], observedFrom: ago(10) };
    const past = [
      { productId: 1, date: ago(40), day: dayNumber(ago(40))!, priceCents: 2_500, line: 1 },
      { productId: 1, date: ago(20), day: dayNumber(ago(20))!, priceCents: 2_200, line: 2 },
      { productId: 1, date: ago(5), day: dayNumber(ago(5))!, priceCents: 100, line: 3 },
    ];
    const { history, refused } = nextHistory(kept, past, today, 400);
    expect(history.points.map((p) => [p.date, p.priceCents])).toEqual([
      [ago(40), 2_500],
      [ago(20), 2_200],
      [ago(10), 2_000],
    ]);
    expect(refused).toEqual([{ line: 3, reason: expect.stringContaining(`on or after ${ago(10)}`) }]);
  });

  it('keeps the kept days only, and the price in force on the first of them with its own date', () => {
    const kept = { points: [point(500, 3_000), point(450, 2_800), point(100, 2_500)], observedFrom: ago(500) };
    const { history } = nextHistory(kept, [], point(0, 2_500), 400);
    expect(history.points.map((p) => [p.date, p.priceCents])).toEqual([
      [ago(450), 2_800],
      [ago(100), 2_500],
    ]);
    // The next day, the same row: nothing to write again.
    expect(nextHistory(history, [], point(0, 2_500), 400).history).toEqual(history);
  });

  it('keeps its points in five integers each, the same back', () => {
    const points = [
      point(30, 1_000, { listPriceCents: 1_500, pixPriceCents: 950 }),
      point(3, 900, { availability: 'out_of_stock' }),
      point(1, 900, { availability: null }),
    ];
    const bytes = encodePoints(points);
    expect(bytes.byteLength).toBe(60);
    expect(decodePoints(bytes)).toEqual(points);
  });
});

describe("the index's recent drop and the faces' figures", () => {
  it('agree on every history: the same drops, the same percents', () => {
    // A small deterministic generator (xorshift): histories of 1 to 6 points over 120 days.
    let seed = 7;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    let drops = 0;
    for (let n = 0; n < 3_000; n++) {
      const days = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * 120))
        .sort((a, b) => b - a)
        .filter((d, i, all) => i === 0 || d !== all[i - 1]);
      const points = days.map((d) =>
        point(d, 1_000 + Math.floor(random() * 5) * 100, { availability: random() < 0.15 ? 'out_of_stock' : 'in_stock' }),
      );
      const figures = recentDropPercent(priceFigures(points, AS_OF, null));
      expect(recentDropOf(pointValues(encodePoints(points)), dayNumber(AS_OF)!), JSON.stringify(points)).toBe(figures);
      if (figures !== null) drops += 1;
    }
    expect(drops).toBeGreaterThan(100);
  });
});
