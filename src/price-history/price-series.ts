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

/** Availability as a point's code (0: not known). */
const AVAILABILITY_CODES: readonly (Availability | null)[] = [null, 'in_stock', 'out_of_stock', 'preorder', 'backorder'];
/** Integers per point (encodePoints). */
export const FIELDS = 5;

/**
 * A product's points as the history store and the snapshot keep them: five 32-bit integers each
 * (the day, the price, the list and Pix prices or -1, the availability's code), little-endian. A
 * million products' histories in tens of megabytes where JSON took hundreds (docs/price-history.md).
 */
export function encodePoints(points: readonly PricePoint[]): Buffer {
  const values = new Int32Array(points.length * FIELDS);
  points.forEach((p, i) => {
    values.set(
      [dayNumber(p.date)!, p.priceCents, p.listPriceCents ?? -1, p.pixPriceCents ?? -1, AVAILABILITY_CODES.indexOf(p.availability)],
      i * FIELDS,
    );
  });
  return Buffer.from(values.buffer);
}

export function decodePoints(bytes: Uint8Array): PricePoint[] {
  const values = new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const points: PricePoint[] = [];
  for (let i = 0; i < values.length; i += FIELDS) {
    const list = values[i + 2]!;
    const pix = values[i + 3]!;
    points.push({
      date: dateOf(values[i]!),
      priceCents: values[i + 1]!,
      listPriceCents: list < 0 ? null : list,
      pixPriceCents: pix < 0 ? null : pix,
      availability: AVAILABILITY_CODES[values[i + 4]!] ?? null,
    });
  }
  return points;
}

/** A product's history as kept: its points, oldest first, and the first day a build saw the product. */
export interface ProductHistory {
  points: PricePoint[];
  /** The first catalog date a build recorded the product: the operator's past prices fill the days before it only. */
  observedFrom: string;
}

/** A past price from the operator's file (prices.ndjson), checked already (prices-file.ts), with its place for the report. */
export interface PastPrice {
  productId: number;
  date: string;
  /** The date's day number (price-days.ts), read once. */
  day: number;
  priceCents: number;
  line: number;
}

export const samePoint = (a: PricePoint, b: PricePoint) =>
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
 * than `keepDays` days but the one in force on the first kept day.
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

/**
 * The points of the last `keepDays` days (`today` included) and the one in force on the first of
 * them, kept with its own date: re-dated, it would change every day, and every row be written again.
 */
export function pruned(points: PricePoint[], today: string, keepDays: number): PricePoint[] {
  const firstKept = dateOf(dayNumber(today)! - keepDays + 1);
  let first = 0;
  while (first + 1 < points.length && points[first + 1]!.date <= firstKept) first += 1;
  return first === 0 ? points : points.slice(first);
}

/*
 * The build's fast path, on the points' integers themselves (no dates as text, no objects): on most
 * days most products' prices are as they were, and their rows stay as kept (history-build.ts).
 */

/** A product's points as integers (FIELDS per point), copied out of their bytes (SQLite's are not aligned). */
export function pointValues(bytes: Uint8Array): Int32Array {
  return new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

export const availabilityCode = (availability: Availability | null): number => AVAILABILITY_CODES.indexOf(availability);

/**
 * Whether a build of day `today` keeps the row as it is: its last point, before `today`, is
 * today's prices (`now`: price, list, pix or -1, availability's code), and no point but the first
 * is older than `firstKept` (the kept days' first).
 */
export function keepsAsIs(values: Int32Array, today: number, now: readonly number[], firstKept: number): boolean {
  const last = values.length - FIELDS;
  if (last < 0 || values[last]! >= today) return false;
  for (let k = 1; k < FIELDS; k++) if (values[last + k] !== now[k - 1]) return false;
  return values.length === FIELDS || values[FIELDS]! > firstKept;
}

/** Whether every past price is in the kept points already: each line's price is the one in force on its day. */
export function reflects(values: Int32Array, past: readonly PastPrice[]): boolean {
  for (const line of past) {
    const { day } = line;
    let inForce = -1;
    for (let i = 0; i < values.length && values[i]! <= day; i += FIELDS) inForce = values[i + 1]!;
    if (inForce !== line.priceCents) return false;
  }
  return true;
}

/** The day the current price began (the first of the last run at that price). */
export function runStartDay(values: Int32Array): number {
  let i = values.length - FIELDS;
  while (i >= FIELDS && values[i - FIELDS + 1] === values[values.length - FIELDS + 1]) i -= FIELDS;
  return values[i]!;
}

/**
 * A recent real drop's percent on the integers (as price-figures.ts, recentDropPercent, says it
 * from the points): the current price began within the last 30 days, 30 days or more were known
 * before it, and it is below the lowest price charged in those 30 days. Null otherwise.
 */
export function recentDropOf(values: Int32Array, today: number): number | null {
  const start = runStartDay(values);
  if (values.length === FIELDS || start < today - 29 || start - values[0]! < 30) return null;
  const current = values[values.length - FIELDS + 1]!;
  let reference = Number.POSITIVE_INFINITY;
  for (let i = 0; i < values.length && values[i]! < start; i += FIELDS) {
    const to = i + FIELDS < values.length ? values[i + FIELDS]! - 1 : today;
    const charged = values[i + 4] !== OUT_OF_STOCK_CODE;
    if (charged && to >= start - 30) reference = Math.min(reference, values[i + 1]!);
  }
  if (!Number.isFinite(reference) || current >= reference) return null;
  return Math.floor(((reference - current) / reference) * 100);
}
const OUT_OF_STOCK_CODE = 2;
