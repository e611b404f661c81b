/**
 * Stats requests per second of the built self-hosted server with its Prometheus metrics on
 * (METRICS_PORT, scraped every second meanwhile) divided by the same server with them off, per
 * round, then the median (docs/benchmarks.md, "Metrics on and off"). Each round starts a fresh
 * pair of servers, in turn first: two processes of the same code differ by up to a tenth in
 * throughput for as long as they run (their JIT's choices), which a pair kept for the whole run
 * would report as the metrics' cost.
 */

import { once } from 'node:events';
import { createServer } from 'node:net';
import { measure, type Sample } from './support/load.ts';
import { QUOTAS_ON, startProcess } from './support/server-process.ts';

const TARGETS = { on: 'self-hosted, metrics on', off: 'self-hosted, metrics off' } as const;

/** A port free now (the metrics listener's: the server only says where its public one is). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export async function benchStatsMetrics(options: { snapshot: string; rounds: number; seconds: number }) {
  const path = '/api/public/v1/products/1/stats';
  const serve = (env: Record<string, string>) =>
    startProcess(['scripts/serve.ts'], { HOST: '127.0.0.1', PORT: '0', CATALOG_DB: options.snapshot, ...QUOTAS_ON, ...env });
  const samples: Sample[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const metricsPort = await freePort();
    const started = [];
    // Started, warmed and measured in turn first: an order effect weighs on both alike.
    for (const on of round % 2 === 0 ? [true, false] : [false, true])
      started.push({ on, server: await serve(on ? { METRICS_PORT: String(metricsPort) } : {}) });
    // Scraped as a Prometheus would, but more often (every second rather than every 15 s).
    const scrape = setInterval(
      () =>
        void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
          (a) => a.text(),
          () => {},
        ),
      1_000,
    );
    try {
      for (const { server } of started) await measure('warm-up', server.url + path, 2);
      for (const { on, server } of started) samples.push(await measure(on ? TARGETS.on : TARGETS.off, server.url + path, options.seconds));
    } finally {
      clearInterval(scrape);
      await Promise.all(started.map(({ server }) => server.stop()));
    }
  }
  return samples;
}

export function summarizeMetrics(samples: Sample[]) {
  const on = samples.filter((s) => s.target === TARGETS.on);
  const off = samples.filter((s) => s.target === TARGETS.off);
  const mean = (xs: Sample[]) => xs.reduce((a, s) => a + s.requestsPerSecond, 0) / xs.length;
  const ratios = on.map((s, i) => s.requestsPerSecond / off[i]!.requestsPerSecond).sort((a, b) => a - b);
  return {
    onRps: mean(on),
    offRps: mean(off),
    onP99: Math.max(...on.map((s) => s.p99)),
    offP99: Math.max(...off.map((s) => s.p99)),
    medianRatio: (ratios[Math.floor((ratios.length - 1) / 2)]! + ratios[Math.floor(ratios.length / 2)]!) / 2,
    ratios,
    errors: samples.reduce((n, s) => n + s.non2xx, 0),
  };
}
