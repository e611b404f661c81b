/** How many price bands the index has (fewer when the catalog has fewer distinct prices). */
export const PRICE_BANDS = 64;

export interface PriceBand {
  minCents: number;
  maxCents: number;
  products: number;
}

/**
 * Price bands from the published products' prices (sorted here): about as many products each,
 * and one price never in two bands, so that reading bands in order reads prices in order.
 */
export function priceBands(prices: Float64Array, count = PRICE_BANDS): PriceBand[] {
  prices.sort();
  const bands: PriceBand[] = [];
  let start = 0;
  while (start < prices.length) {
    let end = Math.max(start + 1, Math.round(((bands.length + 1) * prices.length) / count));
    while (end < prices.length && prices[end] === prices[end - 1]) end++;
    bands.push({ minCents: prices[start]!, maxCents: prices[end - 1]!, products: end - start });
    start = end;
  }
  return bands;
}
