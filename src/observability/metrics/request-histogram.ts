import type { Metric, Registry } from 'prom-client';

/** One label set's counts: per bucket (not cumulative; the last is above every bound), sum and count. */
export interface HistogramSeries {
  readonly labels: Readonly<Record<string, string>>;
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/** A sample as prom-client's registry formats it (Registry.getMetricsAsString). */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
}

/**
 * A histogram for the request hot path, registered on a prom-client registry, which formats it
 * like its own. prom-client's Histogram validates the labels, builds a hash string and looks a
 * bucket up by its bound turned into a string on every observation, even through a child made by
 * labels(): a measurable share of a stats answer (docs/benchmarks.md, "Metrics on and off").
 * Here a label set's series is made once, and an observation is a scan of the bounds and
 * three additions.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  private readonly bounds: readonly number[];
  private readonly all: HistogramSeries[] = [];

  constructor(options: { name: string; help: string; buckets: readonly number[]; registry: Registry }) {
    this.name = options.name;
    this.help = options.help;
    this.bounds = options.buckets;
    // The registry reads `name` and calls get() (or getForPromString()): what a Metric offers it.
    options.registry.registerMetric(this as unknown as Metric);
  }

  /** A new series for a label set: the caller keeps it and observes into it. */
  series(labels: Record<string, string>): HistogramSeries {
    const series = { labels, counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
    this.all.push(series);
    return series;
  }

  observe(series: HistogramSeries, value: number): void {
    const { bounds } = this;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    series.counts[i]!++;
    series.sum += value;
    series.count++;
  }

  get(): { name: string; help: string; type: string; aggregator: string; values: Sample[] } {
    const bucket = `${this.name}_bucket`;
    const values: Sample[] = [];
    for (const { labels, counts, sum, count } of this.all) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i++) {
        cumulative += counts[i]!;
        values.push({ metricName: bucket, labels: { le: this.bounds[i]! }, sharedLabels: labels, value: cumulative });
      }
      values.push({ metricName: bucket, labels: { le: '+Inf' }, sharedLabels: labels, value: count });
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
