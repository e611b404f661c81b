/**
 * Stats throughput of the built self-hosted server with a feature on against the same server with
 * it off, both at once on one core (docs/benchmarks.md, "Two servers at once"). Each server gets
 * its own load of 50 connections, more than it can answer, so both are always busy and the
 * scheduler gives each half the core: their throughputs are then in the inverse ratio of their
 * costs per request, and the machine's other work, which moves a round by a tenth or more, slows
 * both in the same moment. Each round starts a fresh pair, in turn first: two processes of the
 * same code differ for as long as they run (their JIT's choices). The figure is the median of the
 * per-round ratios; the control pair (the same settings on both sides) shows what this harness
 * reads when there is no difference.
 */

import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { measure, type Sample } from './support/load.ts';
import { pin, QUOTAS_ON, startProcess } from './support/server-process.ts';

export interface Pair {
  label: string;
  on: Record<string, string>;
  off: Record<string, string>;
  /** The `on` server also serves Prometheus metrics, scraped every second meanwhile. */
  metrics?: boolean;
  /** Every request asks for another product id (support/load.ts). */
  spread?: boolean;
  /** Of load (and scrapes) before the measure; default 1. */
  warmSeconds?: number;
}

export const PAIRS: Pair[] = [
  // warn is the first level that writes no request line.
  { label: 'stats one product: request log on ÷ off', on: { LOG_LEVEL: 'info' }, off: { LOG_LEVEL: 'warn' } },
  { label: 'stats spread ids: request log on ÷ off', on: { LOG_LEVEL: 'info' }, off: { LOG_LEVEL: 'warn' }, spread: true },
  // The first scrapes make V8 drop much of node:http's optimized code (the metrics listener is a
  // second server, its objects of other shapes), and it settles by the third: a long-running server
  // is measured, not those seconds (docs/benchmarks.md, "Metrics on and off").
  { label: 'stats one product: metrics on ÷ off', on: {}, off: {}, metrics: true, warmSeconds: 4 },
  { label: 'stats one product: control, the same settings on both sides', on: {}, off: {} },
];

export interface PairFigures {
  label: string;
  onRps: number;
  offRps: number;
  onP99: number;
  offP99: number;
  /** Per round, on ÷ off, sorted. */
  ratios: number[];
  medianRatio: number;
  errors: number;
}

/** A port free now (the metrics listener's: the server only says where its public one is). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export async function benchPair(pair: Pair, options: { snapshot: string; rounds: number; seconds: number }): Promise<PairFigures> {
  const path = '/api/public/v1/products/1/stats';
  // The load generator on the first core, the servers on the last (support/server-process.ts).
  if (pin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  // Each with a quota file of its own: neither waits on the other's leases.
  const serve = (env: Record<string, string>, side: string) =>
    startProcess(['scripts/serve.ts'], {
      HOST: '127.0.0.1',
      PORT: '0',
      CATALOG_DB: options.snapshot,
      ...QUOTAS_ON,
      RATE_LIMIT_DB: `${QUOTAS_ON.RATE_LIMIT_DB}.${side}`,
      ...env,
    });
  const on: Sample[] = [];
  const off: Sample[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const metricsPort = pair.metrics ? String(await freePort()) : null;
      const onEnv = metricsPort === null ? pair.on : { ...pair.on, METRICS_PORT: metricsPort };
      // Started in turn first: an order effect weighs on both alike.
      const started =
        round % 2 === 0
          ? [await serve(onEnv, 'on'), await serve(pair.off, 'off')]
          : [await serve(pair.off, 'off'), await serve(onEnv, 'on')];
      const [onServer, offServer] = round % 2 === 0 ? started : [started[1], started[0]];
      // Scraped as a Prometheus would, but more often (every second rather than every 15 s).
      const scrape =
        metricsPort === null
          ? null
          : setInterval(
              () =>
                void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
                  (answer) => answer.text(),
                  () => {},
                ),
              1_000,
            );
      try {
        const both = (seconds: number) =>
          Promise.all([
            measure('on', onServer!.url + path, seconds, pair.spread),
            measure('off', offServer!.url + path, seconds, pair.spread),
          ]);
        // Warmed together (JIT, SQLite page cache; the first scrapes), then measured together.
        await both(pair.warmSeconds ?? 1);
        const [a, b] = await both(options.seconds);
        on.push(a);
        off.push(b);
      } finally {
        if (scrape !== null) clearInterval(scrape);
        await Promise.all(started.map((server) => server.stop()));
      }
    }
  } finally {
    // Give this process (and what it starts next) every core back.
    if (pin) spawnSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)]);
  }
  const mean = (xs: Sample[]) => xs.reduce((sum, s) => sum + s.requestsPerSecond, 0) / xs.length;
  const ratios = on.map((s, i) => s.requestsPerSecond / off[i]!.requestsPerSecond).sort((x, y) => x - y);
  return {
    label: pair.label,
    onRps: mean(on),
    offRps: mean(off),
    onP99: Math.max(...on.map((s) => s.p99)),
    offP99: Math.max(...off.map((s) => s.p99)),
    ratios,
    // An even count's median is the mean of its two middle values.
    medianRatio: (ratios[Math.floor((ratios.length - 1) / 2)]! + ratios[Math.floor(ratios.length / 2)]!) / 2,
    errors: [...on, ...off].reduce((n, s) => n + s.non2xx, 0),
  };
}
