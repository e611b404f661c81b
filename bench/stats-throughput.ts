/**
 * Stats requests per second of the built self-hosted server (quotas on, limits above the load)
 * divided by a bare node:http server returning the same answer, and by the same server with quotas
 * off, measured in turn in one run (these machines are noisy), with p99.
 */

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

interface Sample {
  target: string;
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
}

/**
 * On a machine of two or more cores, servers run pinned to the last core and the load generator
 * (this process) to the first, so neither steals the other's CPU and rounds stay comparable.
 */
export const pin = cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
const serverCpu = String(cpus().length - 1);

export async function startProcess(args: string[], env: Record<string, string>, cwd?: string) {
  const command = pin ? ['taskset', '-c', serverCpu, process.execPath, ...args] : [process.execPath, ...args];
  // The servers log every request (LOG_LEVEL=info, the default), as in production; the lines are
  // read and dropped. The benchmark's quotas differ from the build's documents.
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, SERVE_MISMATCHED_DOCUMENTS: 'on', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output: string | null = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output === null) return;
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        output = null;
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
  return {
    url,
    /** The server's own pid (taskset execs it), for reading its memory and files in /proc. */
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * `spread`: every request asks for another product id (1..1,000,000, far more than the server's
 * rendered-answer cache holds), so the server queries the snapshot each time. Both servers get the
 * same request stream, so the load generator does the same work on both sides.
 */
export async function measure(target: string, url: string, seconds: number, spread = false): Promise<Sample> {
  let next = 0;
  const { pathname } = new URL(url);
  const requests = spread
    ? [
        {
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            path: pathname.replace(/\/products\/\d+\//, `/products/${(next++ % 1_000_000) + 1}/`),
          }),
        },
      ]
    : undefined;
  const result = await autocannon({ url, connections: 50, pipelining: 1, duration: seconds, ...(requests ? { requests } : {}) });
  return { target, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * Quotas on, every limit far above the load (the whole quota path runs: client key, lease, fields),
 * in a quota file of the benchmark's own.
 */
const quotaDir = mkdtempSync(join(tmpdir(), 'bench-quotas-'));
process.once('exit', () => rmSync(quotaDir, { recursive: true, force: true }));

export const QUOTAS_ON = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_REST: '1000000000',
  RATE_LIMIT_DISTINCT_IDS: '1000000000',
  RATE_LIMIT_DB: join(quotaDir, 'quotas.sqlite'),
};

export const TARGETS = { bare: 'bare node:http', ours: 'self-hosted server', quotasOff: 'self-hosted, quotas off' } as const;

export async function benchStatsThroughput(options: { snapshot: string; rounds: number; seconds: number; spread: boolean }) {
  const path = '/api/public/v1/products/1/stats';
  if (pin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  const serve = (env: Record<string, string>) =>
    startProcess(['scripts/serve.ts'], { HOST: '127.0.0.1', PORT: '0', CATALOG_DB: options.snapshot, ...env });
  const server = await serve(QUOTAS_ON);
  const unlimited = await serve({ RATE_LIMITS: 'off' });
  const sample = await fetch(server.url + path);
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
  });
  const answer = JSON.stringify({ body: await sample.text(), headers });
  const bare = await startProcess(['bench/bare-server.ts'], { BARE_ANSWER: answer });
  try {
    // Warm all three (JIT, SQLite page cache) before measuring.
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
