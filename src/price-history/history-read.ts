import type Database from 'better-sqlite3';
import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import type { PriceSummary } from './history-build.ts';
import { type PriceFigures, priceFigures } from './price-figures.ts';
import { decodePoints, type PricePoint } from './price-series.ts';

/*
 * The snapshot's price history (history-build.ts, price_history), read through the catalog's open
 * handle (CatalogReader.attach): statements prepared once per snapshot. No face reads the store.
 */

export interface PriceHistoryReader {
  /** A published product's figures, or undefined. */
  figures(productId: number): PriceFigures | undefined;
  /** A published product's figures and change points, or undefined. */
  history(productId: number): { figures: PriceFigures; points: PricePoint[] } | undefined;
  /** The catalog's prices at a glance. */
  summary: PriceSummary;
}

/** How many products' figures a snapshot's reader keeps derived (about a kilobyte each). */
const FIGURES_KEPT = 10_000;

function openPriceHistory(db: Database.Database): PriceHistoryReader {
  const read = db.prepare('SELECT points FROM price_history WHERE product_id = ?').pluck();
  const summary = JSON.parse(
    db.prepare("SELECT value FROM meta WHERE key = 'price_history_summary'").pluck().get() as string,
  ) as PriceSummary;
  // The figures are derived from the points here (a few microseconds); the last point carries the
  // list price the product is offered with.
  // Kept per snapshot for the products asked for most: a page of search results asks for ten.
  const derived = new BoundedCache<number, { points: PricePoint[]; figures: PriceFigures } | null>(FIGURES_KEPT);
  const history = (id: number) => {
    let found = derived.get(id);
    if (found === undefined) {
      const bytes = read.get(id) as Buffer | undefined;
      const points = bytes === undefined ? null : decodePoints(bytes);
      found = points && { points, figures: priceFigures(points, summary.asOf, points.at(-1)!.listPriceCents) };
      derived.set(id, found);
    }
    return found ?? undefined;
  };
  return { summary, history, figures: (id) => history(id)?.figures };
}

export const priceHistoryOf = (catalog: CatalogReader): PriceHistoryReader => catalog.attach(openPriceHistory);
