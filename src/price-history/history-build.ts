import type Database from 'better-sqlite3';
import type { Availability } from '../catalog-read/offer.ts';
import { keysetRows } from '../lib/keyset-pages.ts';
import type { HistoryRead, StoredRow } from './history-store.ts';
import type { PastPriceTable } from './past-prices.ts';
import { dateOf, dayNumber } from './price-days.ts';
import {
  availabilityCode,
  decodePoints,
  encodePoints,
  FIELDS,
  keepsAsIs,
  nextHistory,
  type PastPrice,
  type PricePoint,
  pointValues,
  recentDropOf,
  reflects,
} from './price-series.ts';

/*
 * The build's part of the price history: each published product's history after this build
 * (the kept rows, the operator's past prices, today's prices), its figures for every face, and
 * whether its row must be written back, all into the snapshot's price_history table. The store
 * is read here and written only once the catalog is accepted (history-store.ts).
 */

/** The snapshot's price history table, created with the catalog's. */
export const PRICE_HISTORY_TABLE = `
-- Each published product's price history as of the catalog's date (src/price-history/):
-- points, its change points over the kept days (price-series.ts, encodePoints), from which every
-- face derives the figures (price-figures.ts); observed_from and changed, what the build records
-- into the history store once the catalog is accepted (changed = 1: its row differs from the
-- store's); drop_percent, a real drop of the last 30 days (recentDropPercent), else null: what
-- search's priceDropped filter and price_drop order read.
CREATE TABLE price_history (
  product_id INTEGER PRIMARY KEY,
  points BLOB NOT NULL,
  observed_from TEXT NOT NULL,
  changed INTEGER NOT NULL,
  drop_percent INTEGER
);`;

export interface HistoryBuildInput {
  /** The catalog's date (price-days.ts). */
  date: string;
  store: HistoryRead;
  past: PastPriceTable;
  keepDays: number;
  /** A past price not taken: its line in the operator's file, and why. */
  drop: (line: number, reason: string) => void;
}

/** The catalog's prices at a glance (catalog_overview, /gpt.json): what the snapshot's meta keeps. */
export interface PriceSummary {
  /** The catalog's date. */
  asOf: string;
  /** The earliest date the history knows of any published product (null: none is published). */
  knownSince: string | null;
  /** Products whose price went down on the catalog's date. */
  droppedToday: number;
  /** Products with a real drop of the last 30 days (search's priceDropped). */
  realDropsLast30Days: number;
}

export interface HistoryBuilt {
  products: number;
  summary: PriceSummary;
  /** Rows the record will write. */
  changed: number;
  /** False when the catalog's date is before a date the store has recorded: figures are derived, nothing is recorded. */
  recordable: boolean;
}

type CurrentRow = [
  id: number,
  priceCents: number,
  listPriceCents: number | null,
  pixPriceCents: number | null,
  availability: string | null,
];

/** Derives and writes every published product's history into the snapshot `db` (its products loaded). */
export function writePriceHistory(db: Database.Database, input: HistoryBuildInput): HistoryBuilt {
  const { date, store, past, keepDays } = input;
  const recordable = store.days.length === 0 || date >= store.days.at(-1)!;
  const today = dayNumber(date)!;
  const insert = db.prepare('INSERT INTO price_history (product_id, points, observed_from, changed, drop_percent) VALUES (?, ?, ?, ?, ?)');
  // Pages of rows by id (keyset-pages.ts): the connection writes between them.
  const current = db
    .prepare(
      'SELECT id, price_cents, list_price_cents, pix_price_cents, availability FROM products WHERE published_at IS NOT NULL AND id > ? ORDER BY id LIMIT 10000',
    )
    .raw(true);
  const kept = store.rows();
  let next: IteratorResult<StoredRow> = kept.next();
  let products = 0;
  let changed = 0;
  const summary: PriceSummary = { asOf: date, knownSince: null, droppedToday: 0, realDropsLast30Days: 0 };
  db.exec('BEGIN');
  const firstKept = today - keepDays + 1;
  let knownSince = Number.POSITIVE_INFINITY;
  // Lines of no published product: those of no product at all are reported; those of a product
  // not published are left for a build that publishes it (the operator's file is read again then).
  const known = db.prepare('SELECT 1 FROM products WHERE id = ?').pluck();
  const unknown: [number, PastPrice[]][] = [];
  const leftOver = (productId: number, lines: PastPrice[]) => {
    unknown.push([productId, lines]);
  };
  for (const [id, priceCents, listPriceCents, pixPriceCents, availability] of keysetRows<CurrentRow>(current)) {
    while (!next.done && next.value[0] < id) next = kept.next();
    const row = !next.done && next.value[0] === id ? next.value : undefined;
    const code = availabilityCode((availability ?? 'in_stock') as Availability);
    const lines = past.take(id, leftOver);
    let values = row && pointValues(row[2]);
    let observedFrom = row?.[1] ?? date;
    let bytes: Uint8Array;
    if (
      values !== undefined &&
      keepsAsIs(values, today, [priceCents, listPriceCents ?? -1, pixPriceCents ?? -1, code], firstKept) &&
      (lines === undefined || reflects(values, lines))
    ) {
      // Most products on most days: the prices as they were, nothing new from the operator.
      bytes = row![2];
    } else {
      const now: PricePoint = {
        date,
        priceCents,
        listPriceCents,
        pixPriceCents,
        availability: (availability ?? 'in_stock') as Availability,
      };
      // A later date than the catalog's (an older export built again) is not this build's to change.
      const keptPoints = row && decodePoints(row[2]).filter((p) => p.date <= date);
      const built = nextHistory(keptPoints && { points: keptPoints, observedFrom }, lines ?? [], now, keepDays);
      for (const { line, reason } of built.refused) input.drop(line, reason);
      observedFrom = built.history.observedFrom;
      bytes = encodePoints(built.history.points);
      values = pointValues(bytes);
    }
    const differs =
      recordable && (row === undefined || row[1] !== observedFrom || (bytes !== row[2] && !Buffer.from(bytes).equals(row[2])));
    // A recent real drop, on the integers (the faces derive the same from the points: price-figures.ts).
    const count = values.length / FIELDS;
    const drop = count > 1 ? recentDropOf(values, today) : null;
    insert.run(id, bytes, observedFrom, differs ? 1 : 0, drop);
    knownSince = Math.min(knownSince, values[0]!);
    if (count > 1 && values[values.length - FIELDS] === today && values[values.length - 2 * FIELDS + 1]! > priceCents)
      summary.droppedToday += 1;
    if (drop !== null) summary.realDropsLast30Days += 1;
    products += 1;
    if (differs) changed += 1;
  }
  if (Number.isFinite(knownSince)) summary.knownSince = dateOf(knownSince);
  db.exec('COMMIT');
  kept.return?.();
  store.close();
  past.rest(leftOver);
  for (const [productId, lines] of unknown) {
    if (known.get(productId) !== undefined) continue;
    for (const { line } of lines) input.drop(line, `no product has id ${productId}`);
  }
  return { products, summary, changed, recordable };
}
