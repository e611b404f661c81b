import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PastPriceTable } from '../price-history/past-prices.ts';
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

/** {"productId":1,"date":"2026-09-01","priceCents":9890}, with no spaces, no leading zeros, in this order. */
const PLAIN_LINE = /^\{"productId":([1-9][0-9]{0,15}),"date":"([0-9]{4}-[0-9]{2}-[0-9]{2})","priceCents":([1-9][0-9]{0,15})\}$/;

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A parsed line as a past price (its date's day number read once), or why it cannot be one. */
function pastPriceOf(record: unknown, asOf: string, line: number): PastPrice | { problem: string } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return { problem: 'not a JSON object' };
  const { productId, date, priceCents } = record as Record<string, unknown>;
  if (!isPositiveInteger(productId)) return { problem: 'productId is not a positive integer' };
  const day = typeof date === 'string' ? dayNumber(date) : null;
  if (day === null) return { problem: 'date is not a calendar date (YYYY-MM-DD)' };
  if ((date as string) > asOf) return { problem: `date ${date} is after the catalog's date (${asOf})` };
  if (!isPositiveInteger(priceCents)) return { problem: 'priceCents is not a positive integer' };
  return { productId, date: date as string, day, priceCents, line };
}

export interface PastPrices {
  /** The good lines (columns of numbers: past-prices.ts). */
  table: PastPriceTable;
  /** The file's content digest: the past prices change what the catalog says. */
  digest: string;
}

/** Reads the file; each bad line is reported through `drop` as "dropped: why". */
export async function readPastPrices(path: string, name: string, asOf: string, drop: (issue: BuildIssue) => void): Promise<PastPrices> {
  const hash = createHash('sha256');
  const table = new PastPriceTable();
  const report = (line: number, message: string) => drop({ file: name, line, field: null, message: `dropped: ${message}`, dropped: true });
  for await (const { lineNumber, text } of readNdjsonLines(path, { hash, onBadLine: report })) {
    // The shape a generator writes, read without JSON.parse (a million lines are seconds of it);
    // any other spelling is parsed as JSON.
    const plain = PLAIN_LINE.exec(text);
    let record: unknown;
    if (plain !== null) record = { productId: Number(plain[1]), date: plain[2], priceCents: Number(plain[3]) };
    else {
      try {
        record = JSON.parse(text);
      } catch {
        report(lineNumber, 'not valid JSON');
        continue;
      }
    }
    const past = pastPriceOf(record, asOf, lineNumber);
    if ('problem' in past) {
      report(lineNumber, past.problem);
      continue;
    }
    table.add(past.productId, past.day, past.priceCents, past.line);
  }
  return { table, digest: hash.digest('hex') };
}
