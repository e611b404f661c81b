/**
 * Stats requests per second of the built self-hosted server divided by a bare node:http server
 * returning the same JSON, measured alternately in one run (these machines are noisy), with p99.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { once } from 'node:events';

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
const pin = cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
const serverCpu = String(cpus().length - 1);

async function startProcess(args: string[], env: Record<string, string>) {
  const command = pin ? ['taskset', '-c', serverCpu, process.execPath, ...args] : [process.execPath, ...args];
  const child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
  return { url, stop: async () => { child.kill('SIGTERM'); await once(child, 'exit'); } };
}

/**
 * `spread`: every request asks for another product id (1..1,000,000, far more than the server's
 * rendered-answer cache holds), so the server queries the snapshot each time. Both servers get the
 * same request stream, so the load generator does the same work on both sides.
 */
async function measure(target: string, url: string, seconds: number, spread = false): Promise<Sample> {
  let next = 0;
  const { pathname } = new URL(url);
  const requests = spread
    ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: pathname.replace(/\/products\/\d+\//, `/products/${(next++ % 1_000_000) + 1}/`) }) }]
    : undefined;
  const result = await autocannon({ url, connections: 50, pipelining: 1, duration: seconds, ...(requests ? { requests } : {}) });
  return { target, requestsPerSecond: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

export async function benchStatsThroughput(options: { snapshot: string; rounds: number; seconds: number; spread: boolean; env?: Record<string, string> }) {
  const path = '/api/public/v1/products/1/stats';
  if (pin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  const server = await startProcess(['scripts/serve.ts'], { HOST: '127.0.0.1', PORT: '0', CATALOG_DB: options.snapshot, ...options.env });
  const sample = await fetch(server.url + path);
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
  });
  const answer = JSON.stringify({ body: await sample.text(), headers });
  const bare = await startProcess(['bench/bare-server.ts'], { BARE_ANSWER: answer });
  try {
    // Warm both (JIT, SQLite page cache) before measuring.
    await measure('warm-up', server.url + path, 2);
    await measure('warm-up', bare.url + path, 2);
    const samples: Sample[] = [];
    // ABBA order: a drift in the machine's speed weighs on both sides alike.
    for (let round = 0; round < options.rounds; round++) {
      const pair = [
        () => measure('bare node:http', bare.url + path, options.seconds, options.spread),
        () => measure('self-hosted server', server.url + path, options.seconds, options.spread),
      ];
      if (round % 2 === 1) pair.reverse();
      for (const run of pair) samples.push(await run());
    }
    return samples;
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
    // Give this process (and what it starts next, such as the build benchmark) every core back.
    if (pin) spawnSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)]);
  }
}

export function summarizeThroughput(samples: Sample[]) {
  const of = (target: string) => samples.filter((s) => s.target === target);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bare = of('bare node:http');
  const ours = of('self-hosted server');
  // Ratio per round (adjacent measurements share the machine's state), then the median.
  const ratios = ours.map((s, i) => s.requestsPerSecond / bare[i]!.requestsPerSecond).sort((a, b) => a - b);
  return {
    bareRps: mean(bare.map((s) => s.requestsPerSecond)),
    oursRps: mean(ours.map((s) => s.requestsPerSecond)),
    bareP99: Math.max(...bare.map((s) => s.p99)),
    oursP99: Math.max(...ours.map((s) => s.p99)),
    medianRatio: ratios[Math.floor(ratios.length / 2)]!,
    ratios,
    errors: samples.reduce((n, s) => n + s.non2xx, 0),
  };
}
