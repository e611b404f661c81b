/** How many price bands the index has (fewer when the catalog has fewer distinct prices). */
export const PRICE_BANDS = 64;
/** How many slices each band is cut into, for orders by price over common words. */
export const SLICES_PER_BAND = 16;

export interface PriceRange {
  minCents: number;
  maxCents: number;
  products: number;
}

export interface PriceBand extends PriceRange {
  /** The band cut again, finer: read one at a time when a band holds too many matches of the words. */
  slices: PriceRange[];
}

/** Cuts sorted prices [from, to) into `count` ranges of about as many prices, one price never in two. */
function cut(prices: Float64Array, from: number, to: number, count: number): PriceRange[] {
  const ranges: PriceRange[] = [];
  let start = from;
  while (start < to) {
    let end = Math.max(start + 1, from + Math.round(((ranges.length + 1) * (to - from)) / count));
    while (end < to && prices[end] === prices[end - 1]) end++;
    ranges.push({ minCents: prices[start]!, maxCents: prices[end - 1]!, products: end - start });
    start = end;
  }
  return ranges;
}

/**
 * Price bands from the published products' prices (sorted here): about as many products each,
 * and one price never in two bands, so that reading bands in order reads prices in order; each
 * band cut into slices the same way.
 */
export function priceBands(prices: Float64Array, count = PRICE_BANDS, slices = SLICES_PER_BAND): PriceBand[] {
  prices.sort();
  const bands: PriceBand[] = [];
  let start = 0;
  for (const band of cut(prices, 0, prices.length, count)) {
    bands.push({ ...band, slices: cut(prices, start, start + band.products, slices) });
    start += band.products;
  }
  return bands;
}
