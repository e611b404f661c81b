import type Database from 'better-sqlite3';
import type { CatalogReader } from '../catalog-read/catalog-reader.ts';
import type { PriceSummary } from './history-build.ts';
import type { PriceFigures } from './price-figures.ts';
import type { StoredPoint } from './price-series.ts';

/*
 * The snapshot's price history (history-build.ts, price_history), read through the catalog's open
 * handle (CatalogReader.attach): statements prepared once per snapshot. No face reads the store.
 */

export interface PriceHistoryReader {
  /** A published product's figures, or undefined. */
  figures(productId: number): PriceFigures | undefined;
  /** A published product's figures and change points, or undefined. */
  history(productId: number): { figures: PriceFigures; points: StoredPoint[] } | undefined;
  /** The catalog's prices at a glance. */
  summary: PriceSummary;
}

function openPriceHistory(db: Database.Database): PriceHistoryReader {
  const figures = db.prepare('SELECT figures FROM price_history WHERE product_id = ?').pluck();
  const history = db.prepare('SELECT figures, points FROM price_history WHERE product_id = ?').raw(true);
  const summary = JSON.parse(
    db.prepare("SELECT value FROM meta WHERE key = 'price_history_summary'").pluck().get() as string,
  ) as PriceSummary;
  return {
    summary,
    history: (id) => {
      const row = history.get(id) as [string, string] | undefined;
      return row && { figures: JSON.parse(row[0]) as PriceFigures, points: JSON.parse(row[1]) as StoredPoint[] };
    },
    figures: (id) => {
      const json = figures.get(id) as string | undefined;
      return json === undefined ? undefined : (JSON.parse(json) as PriceFigures);
    },
  };
}

export const priceHistoryOf = (catalog: CatalogReader): PriceHistoryReader => catalog.attach(openPriceHistory);
