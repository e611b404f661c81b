import { tierSharesOf } from '../search/index-build/search-schema.ts';

/*
 * The popularity tiers' thresholds (src/search/index-build/search-schema.ts, tierSharesOf), from
 * the published products' views as the loaders collect them.
 */

/** Views as 8-byte doubles outside the JS heap (a number[] takes more, and leaves garbage as it grows). */
export class GrowingFloat64Array {
  private buffer = new Float64Array(1 << 16);
  private length = 0;
  push(value: number) {
    if (this.length === this.buffer.length) {
      const larger = new Float64Array(this.buffer.length * 2);
      larger.set(this.buffer);
      this.buffer = larger;
    }
    this.buffer[this.length++] = value;
  }
  values(): Float64Array {
    return this.buffer.subarray(0, this.length);
  }
}

/** Each tier's lowest view count, from the published products' views (sorted here). */
export function tierThresholds(views: Float64Array): number[] {
  views.sort();
  const shares = tierSharesOf(views.length);
  return shares.map((share, i) => {
    if (i === shares.length - 1 || views.length === 0) return 0;
    // The view count of the last product inside the tier; ties with it join the tier too.
    return views[Math.max(0, views.length - Math.ceil(share * views.length))]!;
  });
}
