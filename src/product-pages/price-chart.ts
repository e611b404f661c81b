import type { PriceHistoryView } from '../price-history/price-history-schema.ts';

/*
 * The product page's price chart: the last 180 days as a step line (a price holds until the next
 * change), drawn on the server as inline SVG, no script. Coordinates only here; the page writes
 * the words (a title and the figures in text, for readers without sight).
 */

export const CHART = { width: 600, height: 180, left: 8, right: 8, top: 12, bottom: 12 } as const;

export interface PriceChart {
  /** The step line's SVG path, in the viewBox 0 0 CHART.width CHART.height. */
  path: string;
  /** The y of the lowest and highest prices drawn. */
  lowY: number;
  highY: number;
}

const DAY_MS = 86_400_000;

/** The chart of a history's series, from its first date to the catalog's date. */
export function priceChart(history: PriceHistoryView): PriceChart {
  const { series, asOf } = history;
  const end = Date.parse(`${asOf}T00:00:00Z`) / DAY_MS;
  const start = Date.parse(`${series[0]!.date}T00:00:00Z`) / DAY_MS;
  const cents = series.map((p) => p.price.cents);
  const [low, high] = [Math.min(...cents), Math.max(...cents)];
  const innerWidth = CHART.width - CHART.left - CHART.right;
  const innerHeight = CHART.height - CHART.top - CHART.bottom;
  const x = (date: string) =>
    CHART.left + (end === start ? 0 : ((Date.parse(`${date}T00:00:00Z`) / DAY_MS - start) / (end - start)) * innerWidth);
  // A flat price is drawn in the middle.
  const y = (c: number) => (high === low ? CHART.top + innerHeight / 2 : CHART.top + ((high - c) / (high - low)) * innerHeight);
  const round = (n: number) => Math.round(n * 10) / 10;
  let path = `M${round(x(series[0]!.date))} ${round(y(series[0]!.price.cents))}`;
  for (const point of series.slice(1)) path += ` H${round(x(point.date))} V${round(y(point.price.cents))}`;
  path += ` H${CHART.width - CHART.right}`;
  return { path, lowY: round(y(low)), highY: round(y(high)) };
}
