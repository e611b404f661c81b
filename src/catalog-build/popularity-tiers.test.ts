import { describe, expect, it } from 'vitest';
import { GrowingFloat64Array, tierThresholds } from './popularity-tiers.ts';

describe('popularity tiers', () => {
  it('keeps every view it is given, past its first buffer', () => {
    const views = new GrowingFloat64Array();
    for (let i = 0; i < 100_000; i++) views.push(i);
    expect(views.values()).toHaveLength(100_000);
    expect(views.values()[99_999]).toBe(99_999);
  });

  it('gives each tier the view count of its last product (0.05%, 0.25%, 1%, 5%, 20%, then everything)', () => {
    // Views 1..10,000 in no order: the top 0.05% is the 5 most viewed, from 9,996 up.
    const views = Float64Array.from({ length: 10_000 }, (_, i) => ((i * 7919) % 10_000) + 1);
    expect(tierThresholds(views)).toEqual([9996, 9976, 9901, 9501, 8001, 0]);
  });

  it('keeps the first tiers at their sizes of a million products in a larger catalog (the 500 most viewed in tier 1)', () => {
    const views = Float64Array.from({ length: 2_000_000 }, (_, i) => i + 1);
    expect(tierThresholds(views)).toEqual([1_999_501, 1_997_501, 1_990_001, 1_950_001, 1_800_001, 0]);
  });

  it('puts ties with the last product inside the tier, and an empty catalog in the last tier', () => {
    expect(tierThresholds(Float64Array.from([5, 5, 5, 5]))).toEqual([5, 5, 5, 5, 5, 0]);
    expect(tierThresholds(new Float64Array(0))).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
