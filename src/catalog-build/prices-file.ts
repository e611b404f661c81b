import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { dayNumber } from '../price-history/price-days.ts';
import type { PastPrice } from '../price-history/price-series.ts';
import type { BuildIssue } from './build-issues.ts';
import { readNdjsonLines } from './ndjson-lines.ts';

/*
 * The export's optional past prices, prices.ndjson (or .gz): one line per product and date,
 * {"productId": 1, "date": "2026-09-01", "priceCents": 9890}, a price holding from its date to the
 * product's next. A bad line is dropped and reported alone, never rejecting the export.
 */

export const PRICES_FILE = 'prices.ndjson';

/** The file in the export, plain (first) or gzipped, or null. */
export function locatePricesFile(dir: string): string | null {
  for (const name of [PRICES_FILE, `${PRICES_FILE}.gz`]) {
    try {
      if (statSync(join(dir, name)).isFile()) return join(dir, name);
    } catch {}
  }
  return null;
}

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Why a parsed line cannot be a past price, or null. */
function problemOf(record: unknown, asOf: string): string | null {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
  const { productId, date, priceCents } = record as Record<string, unknown>;
  if (!isPositiveInteger(productId)) return 'productId is not a positive integer';
  if (typeof date !== 'string' || dayNumber(date) === null) return 'date is not a calendar date (YYYY-MM-DD)';
  if (date > asOf) return `date ${date} is after the catalog's date (${asOf})`;
  if (!isPositiveInteger(priceCents)) return 'priceCents is not a positive integer';
  return null;
}

export interface PastPrices {
  /** The good lines by product, in file order. */
  byProduct: Map<number, PastPrice[]>;
  /** The file's content digest: the past prices change what the catalog says. */
  digest: string;
}

/** Reads the file; each bad line is reported through `drop` as "dropped: why". */
export async function readPastPrices(path: string, name: string, asOf: string, drop: (issue: BuildIssue) => void): Promise<PastPrices> {
  const hash = createHash('sha256');
  const byProduct = new Map<number, PastPrice[]>();
  const report = (line: number, message: string) => drop({ file: name, line, field: null, message: `dropped: ${message}`, dropped: true });
  for await (const { lineNumber, text } of readNdjsonLines(path, { hash, onBadLine: report })) {
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      report(lineNumber, 'not valid JSON');
      continue;
    }
    const problem = problemOf(record, asOf);
    if (problem !== null) {
      report(lineNumber, problem);
      continue;
    }
    const { productId, date, priceCents } = record as { productId: number; date: string; priceCents: number };
    const list = byProduct.get(productId) ?? [];
    list.push({ date, priceCents, line: lineNumber });
    byProduct.set(productId, list);
  }
  return { byProduct, digest: hash.digest('hex') };
}
