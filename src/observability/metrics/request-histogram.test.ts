import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram.ts';

describe('RequestHistogram', () => {
  it("is exposed exactly as prom-client's own Histogram with the same observations", async () => {
    const buckets = [0.005, 0.01, 0.1];
    const ours = new Registry();
    const theirs = new Registry();
    const fast = new RequestHistogram({ name: 'h_seconds', help: 'A histogram.', buckets, registry: ours });
    const reference = new Histogram({
      name: 'h_seconds',
      help: 'A histogram.',
      labelNames: ['route', 'code'],
      buckets,
      registers: [theirs],
    });
    const a = fast.series({ route: '/a', code: '200' });
    const b = fast.series({ route: '/b', code: '500' });
    // On a bound (le is "less than or equal"), between bounds, above every bound.
    for (const [series, labels, value] of [
      [a, ['/a', '200'], 0.005],
      [a, ['/a', '200'], 0.0051],
      [a, ['/a', '200'], 0.5],
      [b, ['/b', '500'], 0],
      [b, ['/b', '500'], 0.1],
    ] as const) {
      fast.observe(series, value);
      reference.labels(...labels).observe(value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('h_seconds_bucket{le="0.005",route="/a",code="200"} 1');
    expect(await ours.metrics()).toContain('h_seconds_bucket{le="0.1",route="/a",code="200"} 2');
    expect(await ours.metrics()).toContain('h_seconds_bucket{le="+Inf",route="/a",code="200"} 3');
  });
});
