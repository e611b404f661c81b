/*
 * Dates of the price history: calendar days (YYYY-MM-DD) in the shoppers' time zone, counted as
 * whole days for the windows (the last 30 days, the catalog's date included).
 */

/** The catalog's days are São Paulo's: a build at 01:00 UTC belongs to the evening before there. */
export const CATALOG_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date, or null when it is not a real date ("2026-02-30"). */
export function dayNumber(date: string): number | null {
  const parts = ISO_DATE.exec(date);
  if (parts === null) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** The YYYY-MM-DD date of a day number. */
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

const dateParts = new Intl.DateTimeFormat('en-CA', { timeZone: CATALOG_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The catalog's date of an instant: its calendar day in São Paulo. */
export const catalogDateOf = (instant: Date): string => dateParts.format(instant);
