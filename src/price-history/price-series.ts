import type { Availability } from '../catalog-read/offer.ts';
import { dateOf, dayNumber } from './price-days.ts';

/*
 * A product's price history as change points: from a point's date the product was offered at its
 * prices until the next point. A build adds a point only when something changed, so a flat price
 * costs one point however many builds saw it (docs/price-history.md).
 */

/** What a point records: the price, the list and Pix prices, the availability (null: not known, a past price from the operator's file). */
export interface PricePoint {
  date: string;
  priceCents: number;
  listPriceCents: number | null;
  pixPriceCents: number | null;
  availability: Availability | null;
}

/** A point as the history store keeps it, in a product's JSON array. */
export type StoredPoint = [
  date: string,
  priceCents: number,
  listPriceCents: number | null,
  pixPriceCents: number | null,
  availability: Availability | null,
];

export const toStored = (p: PricePoint): StoredPoint => [p.date, p.priceCents, p.listPriceCents, p.pixPriceCents, p.availability];
export const fromStored = ([date, priceCents, listPriceCents, pixPriceCents, availability]: StoredPoint): PricePoint => ({
  date,
  priceCents,
  listPriceCents,
  pixPriceCents,
  availability,
});

/** A product's history as kept: its points, oldest first, and the first day a build saw the product. */
export interface ProductHistory {
  points: PricePoint[];
  /** The first catalog date a build recorded the product: the operator's past prices fill the days before it only. */
  observedFrom: string;
}

/** A past price from the operator's file (prices.ndjson), checked already (prices-file.ts), with its place for the report. */
export interface PastPrice {
  date: string;
  priceCents: number;
  line: number;
}

const samePoint = (a: PricePoint, b: PricePoint) =>
  a.priceCents === b.priceCents &&
  a.listPriceCents === b.listPriceCents &&
  a.pixPriceCents === b.pixPriceCents &&
  a.availability === b.availability;

export interface NextHistory {
  history: ProductHistory;
  /** Past prices not taken, each with why (the report's "dropped: …"). */
  refused: { line: number; reason: string }[];
}

/**
 * The history after a build of catalog date `today.date`: the kept points before that date (a
 * second build of the same date replaces the first's point), the operator's past prices on days
 * before the product was first recorded, and today's prices; change points only, and none older
 * than `keepDays` days but the one in force on the first kept day, dated that day.
 */
export function nextHistory(
  kept: ProductHistory | undefined,
  past: readonly PastPrice[],
  today: PricePoint,
  keepDays: number,
): NextHistory {
  const observedFrom = kept !== undefined && kept.observedFrom < today.date ? kept.observedFrom : today.date;
  const byDate = new Map<string, PricePoint>();
  for (const point of kept?.points ?? []) if (point.date < today.date) byDate.set(point.date, point);
  const refused: NextHistory['refused'] = [];
  for (const { date, priceCents, line } of past) {
    if (date >= observedFrom) {
      refused.push({
        line,
        reason: `${date} is on or after ${observedFrom}, from when the catalog's own prices are recorded: those are kept`,
      });
      continue;
    }
    byDate.set(date, { date, priceCents, listPriceCents: null, pixPriceCents: null, availability: null });
  }
  const sorted = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  sorted.push(today);
  const points: PricePoint[] = [];
  for (const point of sorted) if (points.length === 0 || !samePoint(points.at(-1)!, point)) points.push(point);
  return { history: { points: pruned(points, today.date, keepDays), observedFrom }, refused };
}

/** The points of the last `keepDays` days (`today` included), the one in force on the first of them dated that day. */
function pruned(points: PricePoint[], today: string, keepDays: number): PricePoint[] {
  const firstKept = dateOf(dayNumber(today)! - keepDays + 1);
  const older = points.filter((p) => p.date < firstKept);
  const rest = points.slice(older.length);
  if (older.length === 0 || rest[0]?.date === firstKept) return rest;
  return [{ ...older.at(-1)!, date: firstKept }, ...rest];
}
