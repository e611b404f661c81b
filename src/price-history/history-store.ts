import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { keysetRows } from '../lib/keyset-pages.ts';
import { dateOf, dayNumber } from './price-days.ts';

/*
 * The self-hosted price history: a SQLite file of its own (PRICE_HISTORY_DB), never the snapshot
 * that a rebuild replaces. One row per product that was ever in the catalog, its change points as
 * five integers each (price-series.ts, encodePoints), and one row per catalog date a build recorded. A build
 * reads it (history-build.ts); once the new catalog is accepted, the changed rows are written in
 * one transaction before the snapshot goes live (recordPriceHistory).
 */

export const HISTORY_SCHEMA_VERSION = '2';

const HISTORY_TABLES = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS products (
  product_id INTEGER PRIMARY KEY,
  observed_from TEXT NOT NULL,
  points BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS days (
  date TEXT PRIMARY KEY,
  catalog_version TEXT NOT NULL,
  recorded_at TEXT NOT NULL
) WITHOUT ROWID;`;

/** The store cannot be read as a price history: the build stops, unless PRICE_HISTORY_RESET=on. */
export class HistoryStoreError extends Error {}

/** A product's kept row: its id, the first date a build saw it, its points (price-series.ts, encodePoints). */
export type StoredRow = [productId: number, observedFrom: string, points: Buffer];

export interface HistoryRead {
  /** How many times builds have recorded into the store: a record checks it is still what the build read. */
  generation: number;
  /** The catalog dates builds recorded, oldest first. */
  days: string[];
  /** Every kept row, by product id. */
  rows(): IterableIterator<StoredRow>;
  close(): void;
  /** Why the history starts empty (no store yet; a reset), for the build's log. */
  note: string | null;
  /** The store could not be read and PRICE_HISTORY_RESET=on: the record replaces the file. */
  replace: boolean;
}

/** PRICE_HISTORY_DAYS' default: a little over a year, for the 12-month questions. */
export const DEFAULT_HISTORY_DAYS = 400;

/** A history with nothing kept (no store, or a new one). */
export const emptyHistory = (note: string | null = null, replace = false): HistoryRead => ({
  generation: 0,
  days: [],
  rows: () => [][Symbol.iterator](),
  close() {},
  note,
  replace,
});

/** Opens the store read-only for a build; a missing one reads as empty, a corrupt one throws unless `reset`. */
export function readHistoryStore(path: string, reset: boolean): HistoryRead {
  if (!existsSync(path)) return emptyHistory(`no price history at ${path}: a new one starts with this build`);
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const meta = new Map(db.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]);
    if (meta.get('schema_version') !== HISTORY_SCHEMA_VERSION) {
      throw new Error(`its schema version is ${JSON.stringify(meta.get('schema_version') ?? null)}, not ${HISTORY_SCHEMA_VERSION}`);
    }
    const days = db.prepare('SELECT date FROM days ORDER BY date').pluck().all() as string[];
    // Pages of rows by id (keyset-pages.ts): faster than a row-by-row iteration over a million rows.
    const page = db
      .prepare('SELECT product_id, observed_from, points FROM products WHERE product_id > ? ORDER BY product_id LIMIT 10000')
      .raw(true);
    const open = db;
    return {
      generation: Number(meta.get('generation') ?? 0),
      days,
      rows: () => keysetRows<StoredRow>(page),
      close: () => {
        if (open.open) open.close();
      },
      note: null,
      replace: false,
    };
  } catch (error) {
    db?.close();
    const why = error instanceof Error ? error.message : String(error);
    if (reset)
      return emptyHistory(
        `the price history at ${path} could not be read (${why}); PRICE_HISTORY_RESET=on: a new one starts with this build`,
        true,
      );
    throw new HistoryStoreError(
      `the price history at ${path} could not be read (${why}); the build was stopped so that no history is lost. ` +
        'Restore it from a backup, or set PRICE_HISTORY_RESET=on for one build to start a new one',
    );
  }
}

/** What a build hands over to be recorded: the staged snapshot's changed rows (history-build.ts). */
export interface HistoryRecord {
  snapshot: string;
  /** The store's generation the build read: another build recorded since, and this one stops. */
  base: number;
  date: string;
  catalogVersion: string;
  keepDays: number;
  /** The build started a new history over an unreadable store (PRICE_HISTORY_RESET=on): the file is replaced. */
  replace: boolean;
}

/** Another build recorded into the store after this one read it. */
export class HistoryConflictError extends Error {}

/**
 * Writes the build's changed rows and its date into the store, in one transaction (a full disk
 * leaves the old history whole). A reset writes a new file and moves it over the old one.
 */
export function recordPriceHistory(path: string, record: HistoryRecord, now = new Date()): { rows: number } {
  const target = record.replace ? `${path}.${process.pid}.new` : path;
  if (record.replace) rmSync(target, { force: true });
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(target);
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    db.exec(HISTORY_TABLES);
    const get = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    const version = get.get('schema_version') as string | undefined;
    if (version !== undefined && version !== HISTORY_SCHEMA_VERSION)
      throw new HistoryStoreError(`the price history at ${path} has schema ${version}`);
    const generation = Number(get.get('generation') ?? 0);
    if (generation !== record.base && !record.replace) {
      throw new HistoryConflictError(
        `another build recorded prices into ${path} while this one ran (generation ${generation}, this build read ${record.base}); build again`,
      );
    }
    db.prepare('ATTACH DATABASE ? AS snapshot').run(record.snapshot);
    const rows = db
      .prepare(
        'INSERT OR REPLACE INTO products (product_id, observed_from, points) SELECT product_id, observed_from, points FROM snapshot.price_history WHERE changed = 1',
      )
      .run().changes;
    db.prepare('INSERT OR REPLACE INTO days (date, catalog_version, recorded_at) VALUES (?, ?, ?)').run(
      record.date,
      record.catalogVersion,
      now.toISOString(),
    );
    db.prepare('DELETE FROM days WHERE date < ?').run(dateOf(dayNumber(record.date)! - record.keepDays + 1));
    const set = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    set.run('schema_version', HISTORY_SCHEMA_VERSION);
    set.run('generation', String(generation + 1));
    db.exec('COMMIT');
    db.exec('DETACH DATABASE snapshot');
    db.close();
    if (record.replace) renameSync(target, path);
    return { rows };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    if (db.open) db.close();
    if (record.replace) rmSync(target, { force: true });
    throw error;
  }
}

/**
 * Records a staged snapshot's prices into the store (`store`: the config's price history): its
 * catalog date, the rows its build found changed. What to say in the log; a build whose date the
 * store is past records nothing.
 */
export function recordSnapshotPrices(store: { store: string; keepDays: number }, snapshot: string): string {
  const db = new Database(snapshot, { readonly: true, fileMustExist: true });
  let meta: Map<string, string>;
  try {
    meta = new Map(db.prepare('SELECT key, value FROM meta').raw().all() as [string, string][]);
  } finally {
    db.close();
  }
  const date = meta.get('price_history_date')!;
  const { base, recordable, replace } = JSON.parse(meta.get('price_history_record')!) as {
    base: number;
    recordable: boolean;
    replace: boolean;
  };
  if (!recordable) return `prices as of ${date} not recorded: the price history has later dates`;
  const { rows } = recordPriceHistory(store.store, {
    snapshot,
    base,
    date,
    catalogVersion: meta.get('catalog_version')!,
    keepDays: store.keepDays,
    replace,
  });
  return `prices as of ${date} recorded in ${store.store} (${rows} product${rows === 1 ? '' : 's'} changed)`;
}
