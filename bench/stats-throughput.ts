/**
 * Stats requests per second of the built self-hosted server (quotas on, limits above the load,
 * the request log at its default level) divided by a bare node:http server returning the same
 * answer, and by the same server with quotas off, measured in turn in one run (these machines are
 * noisy), with p99. The request log's and the metrics' costs are measured by pairs at once
 * (stats-pairs.ts).
 */

import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { measure, type Sample } from './support/load.ts';
import { pin, QUOTAS_ON, startProcess } from './support/server-process.ts';

export const TARGETS = {
  bare: 'bare node:http',
  ours: 'self-hosted server',
  quotasOff: 'self-hosted, quotas off',
} as const;

export async function benchStatsThroughput(options: { snapshot: string; rounds: number; seconds: number; spread: boolean }) {
  const path = '/api/public/v1/products/1/stats';
  if (pin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  const serve = (env: Record<string, string>) =>
    startProcess(['scripts/serve.ts'], { HOST: '127.0.0.1', PORT: '0', CATALOG_DB: options.snapshot, ...env });
  const server = await serve({ ...QUOTAS_ON, LOG_LEVEL: 'info' });
  const unlimited = await serve({ RATE_LIMITS: 'off', LOG_LEVEL: 'info' });
  const sample = await fetch(server.url + path);
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
  });
  const answer = JSON.stringify({ body: await sample.text(), headers });
  const bare = await startProcess(['bench/bare-server.ts'], { BARE_ANSWER: answer });
  try {
    // Warm them all (JIT, SQLite page cache) before measuring.
    for (const url of [server.url, unlimited.url, bare.url]) await measure('warm-up', url + path, 2);
    const samples: Sample[] = [];
    // The order turns every round (ABC, BCA, CAB…): a drift in the machine's speed weighs on all alike.
    const runs = [
      () => measure(TARGETS.bare, bare.url + path, options.seconds, options.spread),
      () => measure(TARGETS.ours, server.url + path, options.seconds, options.spread),
      () => measure(TARGETS.quotasOff, unlimited.url + path, options.seconds, options.spread),
    ];
    for (let round = 0; round < options.rounds; round++) {
      for (let i = 0; i < runs.length; i++) samples.push(await runs[(round + i) % runs.length]!());
    }
    return samples;
  } finally {
    await Promise.all([server.stop(), unlimited.stop(), bare.stop()]);
    // Give this process (and what it starts next, such as the build benchmark) every core back.
    if (pin) spawnSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)]);
  }
}

export function summarizeThroughput(samples: Sample[]) {
  const of = (target: string) => samples.filter((s) => s.target === target);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bare = of(TARGETS.bare);
  const ours = of(TARGETS.ours);
  const off = of(TARGETS.quotasOff);
  // Ratio per round (measurements of one round share the machine's state), then the median.
  const ratiosTo = (base: Sample[]) => ours.map((s, i) => s.requestsPerSecond / base[i]!.requestsPerSecond).sort((a, b) => a - b);
  // An even count's median is the mean of its two middle values.
  const median = (xs: number[]) => (xs[Math.floor((xs.length - 1) / 2)]! + xs[Math.floor(xs.length / 2)]!) / 2;
  const ratios = ratiosTo(bare);
  const quotaRatios = ratiosTo(off);
  return {
    bareRps: mean(bare.map((s) => s.requestsPerSecond)),
    oursRps: mean(ours.map((s) => s.requestsPerSecond)),
    quotasOffRps: mean(off.map((s) => s.requestsPerSecond)),
    bareP99: Math.max(...bare.map((s) => s.p99)),
    oursP99: Math.max(...ours.map((s) => s.p99)),
    quotasOffP99: Math.max(...off.map((s) => s.p99)),
    medianRatio: median(ratios),
    ratios,
    medianQuotaRatio: median(quotaRatios),
    quotaRatios,
    errors: samples.reduce((n, s) => n + s.non2xx, 0),
  };
}
