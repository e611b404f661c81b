import { dateOf, dayNumber } from './price-days.ts';
import type { PricePoint } from './price-series.ts';

/*
 * What the snapshot carries of a product's price history, derived at build from its points
 * (price-series.ts), so that no face reads the history store. Windows count whole days of the
 * catalog's date, that date included ("the last 30 days": the catalog's date and the 29 before).
 * A price is charged on a day the product was not out of stock; a past price from the operator's
 * file (availability not known) counts as charged.
 */

/** A price and the last day of the window it was charged. */
export interface ChargedPrice {
  priceCents: number;
  date: string;
}

/**
 * The discount check, by the reference of the EU's Omnibus rule (Directive 98/6/EC, art. 6a): the
 * lowest price charged in the 30 days before the current price began.
 */
export type DiscountVerdict = 'confirmed' | 'not_lower_than_30_days' | 'unchanged' | 'history_too_short';

export interface DiscountCheck {
  verdict: DiscountVerdict;
  /** The lowest price charged in the 30 days before `currentPriceSince` (null: unchanged, or too short a history). */
  referencePriceCents: number | null;
  /** How far below the reference the current price is, in whole percent rounded down (confirmed only). */
  realDiscountPercent: number | null;
  /** The day the current price began. */
  currentPriceSince: string;
}

export interface PriceFigures {
  /** The catalog's date the figures are of. */
  asOf: string;
  /** The first day the history knows (the first kept day when older ones were let go). */
  since: string;
  lowest30Days: ChargedPrice | null;
  lowest90Days: ChargedPrice | null;
  highest90Days: ChargedPrice | null;
  /** The price before the current one, and the day the current one began; null: never changed. */
  lastChange: { previousPriceCents: number; date: string } | null;
  discountCheck: DiscountCheck;
  /** With a list price: on how many of the last 90 known days that price (or more) was charged. */
  listPriceDaysCharged90: number | null;
  /** The price's changes in the last 180 days, the one in force on the first of them dated that day; the last 60. */
  series: { date: string; priceCents: number }[];
}

/** Days of history the discount check needs before the current price began. */
export const REFERENCE_DAYS = 30;
export const SERIES_DAYS = 180;
export const SERIES_POINTS = 60;

interface Segment {
  from: number;
  to: number;
  priceCents: number;
  charged: boolean;
}

/** The points as runs of days, the last up to `today`. */
function segmentsOf(points: readonly PricePoint[], today: number): Segment[] {
  return points.map((p, i) => ({
    from: dayNumber(p.date)!,
    to: i + 1 < points.length ? dayNumber(points[i + 1]!.date)! - 1 : today,
    priceCents: p.priceCents,
    charged: p.availability !== 'out_of_stock',
  }));
}

/** The lowest (or highest) price charged in the days `from`..`to`, with the last day it was. */
function extreme(segments: readonly Segment[], from: number, to: number, highest = false): ChargedPrice | null {
  let best: { priceCents: number; day: number } | null = null;
  for (const s of segments) {
    if (!s.charged || s.to < from || s.from > to) continue;
    const day = Math.min(s.to, to);
    const better = best === null || (highest ? s.priceCents > best.priceCents : s.priceCents < best.priceCents);
    if (better || (best !== null && s.priceCents === best.priceCents && day > best.day)) best = { priceCents: s.priceCents, day };
  }
  return best && { priceCents: best.priceCents, date: dateOf(best.day) };
}

/** The figures of a product's points (oldest first, the last the catalog's prices of `asOf`), with its list price. */
export function priceFigures(points: readonly PricePoint[], asOf: string, listPriceCents: number | null): PriceFigures {
  const today = dayNumber(asOf)!;
  const segments = segmentsOf(points, today);
  const current = points.at(-1)!;
  let began = points.length - 1;
  while (began > 0 && points[began - 1]!.priceCents === current.priceCents) began -= 1;
  const since = dayNumber(points[0]!.date)!;
  const currentSince = dayNumber(points[began]!.date)!;
  return {
    asOf,
    since: points[0]!.date,
    lowest30Days: extreme(segments, today - 29, today),
    lowest90Days: extreme(segments, today - 89, today),
    highest90Days: extreme(segments, today - 89, today, true),
    lastChange: began === 0 ? null : { previousPriceCents: points[began - 1]!.priceCents, date: points[began]!.date },
    discountCheck: discountCheck(segments, current.priceCents, since, currentSince, today, began === 0),
    listPriceDaysCharged90: listPriceCents === null ? null : daysAtLeast(segments, listPriceCents, Math.max(since, today - 89), today),
    series: seriesOf(points, today),
  };
}

function discountCheck(
  segments: readonly Segment[],
  priceCents: number,
  since: number,
  currentSince: number,
  today: number,
  neverChanged: boolean,
): DiscountCheck {
  const base = { referencePriceCents: null, realDiscountPercent: null, currentPriceSince: dateOf(currentSince) };
  if (neverChanged) return { ...base, verdict: today - since + 1 >= REFERENCE_DAYS ? 'unchanged' : 'history_too_short' };
  const reference = currentSince - since >= REFERENCE_DAYS ? extreme(segments, currentSince - REFERENCE_DAYS, currentSince - 1) : null;
  if (reference === null) return { ...base, verdict: 'history_too_short' };
  if (priceCents >= reference.priceCents) return { ...base, verdict: 'not_lower_than_30_days', referencePriceCents: reference.priceCents };
  return {
    ...base,
    verdict: 'confirmed',
    referencePriceCents: reference.priceCents,
    realDiscountPercent: Math.floor(((reference.priceCents - priceCents) / reference.priceCents) * 100),
  };
}

/** Days in `from`..`to` the price charged was at least `cents`. */
function daysAtLeast(segments: readonly Segment[], cents: number, from: number, to: number): number {
  let days = 0;
  for (const s of segments) {
    if (!s.charged || s.priceCents < cents) continue;
    const first = Math.max(s.from, from);
    const last = Math.min(s.to, to);
    if (last >= first) days += last - first + 1;
  }
  return days;
}

/** The price's changes of the last SERIES_DAYS days, the price in force on the first of them dated that day; at most SERIES_POINTS, the latest. */
function seriesOf(points: readonly PricePoint[], today: number): PriceFigures['series'] {
  const first = today - SERIES_DAYS + 1;
  const series: PriceFigures['series'] = [];
  for (const p of points) {
    const date = dateOf(Math.max(dayNumber(p.date)!, first));
    if (series.at(-1)?.priceCents === p.priceCents) continue;
    if (series.at(-1)?.date === date) series.pop();
    series.push({ date, priceCents: p.priceCents });
  }
  return series.slice(-SERIES_POINTS);
}

/**
 * A real drop a shopper can still catch: the discount check confirmed, and the current price began
 * within the last 30 days. Its percent, or null. What search's priceDropped keeps and its
 * price_drop order ranks (the index marks these products: src/search/tokens/facet-tokens.ts).
 */
export function recentDropPercent(f: PriceFigures): number | null {
  const check = f.discountCheck;
  if (check.verdict !== 'confirmed') return null;
  return dayNumber(check.currentPriceSince)! >= dayNumber(f.asOf)! - 29 ? check.realDiscountPercent : null;
}
