import { dateOf, dayNumber } from '../../src/price-history/price-days.ts';
import { Rng, Stream } from './rng.ts';

/*
 * The sample's past prices (prices.ndjson, src/catalog-build/prices-file.ts): for each published
 * product, the prices of the `days` days before the catalog's date, ending at its current price.
 * Shapes a shopper meets: most prices flat, a few small moves, some real drops, and some
 * "metade do dobro" (the price raised for a while, then "halved" back to what it was). From a
 * stream of its own: the other files are the same bytes with or without it.
 */

/** The sample catalog's date (export.json's asOf) when none is given. */
export const SAMPLE_AS_OF = '2026-12-01T09:00:00-03:00';

export interface PastPriceLine {
  productId: number;
  date: string;
  priceCents: number;
}

/** Rounds to a price a shop would show: whole reais ending in ,90 from R$ 10 up. */
const shopPrice = (cents: number) => (cents < 1_000 ? Math.max(1, Math.round(cents)) : Math.max(990, Math.round(cents / 100) * 100 - 10));

/** The past price lines of one product, oldest first, all before the catalog's date (`asOfDate`, YYYY-MM-DD). */
export function pastPricesOf(seed: number, productId: number, priceCents: number, asOfDate: string, days: number): PastPriceLine[] {
  const rng = new Rng(seed, Stream.pastPrices, productId);
  const today = dayNumber(asOfDate)!;
  const first = today - days;
  const line = (day: number, cents: number): PastPriceLine => ({ productId, date: dateOf(day), priceCents: cents });
  const shape = rng.next();
  if (shape < 0.65) return [line(first, priceCents)];
  if (shape < 0.8) {
    // A real drop, from 10 to 30% higher, some days ago.
    const since = rng.int(2, 25);
    return [line(first, shopPrice(priceCents * (1 + rng.int(10, 30) / 100))), line(today - since, priceCents)];
  }
  if (shape < 0.9) {
    // "Metade do dobro": about twice the price for two or three weeks, then back to it.
    const back = rng.int(1, 10);
    const raised = back + rng.int(14, 21);
    return [
      line(first, priceCents),
      line(today - raised, shopPrice(priceCents * (1.9 + rng.int(0, 20) / 100))),
      line(today - back, priceCents),
    ];
  }
  // Small moves: two or three changes of up to 8% either way, the last to today's price.
  const lines = [line(first, shopPrice(priceCents * (1 + rng.int(-8, 8) / 100)))];
  const moves = rng.int(2, 3);
  let last = first;
  for (let i = 1; i < moves; i++) {
    last = first + Math.floor((days * i) / moves);
    lines.push(line(last, shopPrice(priceCents * (1 + rng.int(-8, 8) / 100))));
  }
  lines.push(line(today - rng.int(1, Math.max(1, Math.min(40, today - last - 1))), priceCents));
  return lines;
}
