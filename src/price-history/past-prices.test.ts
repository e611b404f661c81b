import { describe, expect, it } from 'vitest';
import { PastPriceTable } from './past-prices.ts';
import { dayNumber } from './price-days.ts';

describe('the past prices as a build holds them', () => {
  it('gives each product its lines in file order, in product order, and says which were passed over', () => {
    const table = new PastPriceTable();
    const day = dayNumber('2026-09-01')!;
    // Out of product order, more lines than the first allocation.
    for (let i = 0; i < 3_000; i++) table.add(3_000 - (i % 1_500), day + (i % 7), 100 + i, i + 1);
    expect(table.count).toBe(3_000);
    const skipped: number[] = [];
    // Ids run from 1,501 to 3,000: none before 7.
    expect(table.take(7, (id) => skipped.push(id))).toBeUndefined();
    expect(skipped).toEqual([]);
    const last = table.take(1_507, (id) => skipped.push(id));
    expect(skipped).toEqual([1_501, 1_502, 1_503, 1_504, 1_505, 1_506]);
    expect(last!.map((l) => l.line)).toEqual([1_494, 2_994]);
    expect(last![0]).toMatchObject({ productId: 1_507, date: '2026-09-03', priceCents: 100 + 1_493 });
    const rest: number[] = [];
    table.rest((id, lines) => rest.push(id, lines.length));
    expect(rest.length).toBe(2 * 1_493);
    expect(rest.slice(-2)).toEqual([3_000, 2]);
  });
});
