/**
 * What the soak (bench/soak.ts) counts and prints: outcomes per kind of request, the server's
 * memory and open files read from /proc over the run, and a verdict.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { percentile } from './figures.ts';

/** RSS trend (least squares over the samples after the warm-up) above which the verdict asks for a look. */
export const RSS_TREND_LIMIT_MB_PER_MIN = 1;
/** Minutes after the warm-up below which the trend is mostly the heap's sawtooth: not judged. */
const TREND_MINUTES = 5;

export interface ProcessSample {
  /** Seconds since the steady load began. */
  at: number;
  rssMb: number;
  /** Open file descriptors, and how many of them are sockets (connections come and go with the load). */
  fds: number;
  sockets: number;
}

/** The server's resident set (VmRSS) and open descriptors, from /proc (Linux). */
export function sampleProcess(pid: number, at: number): ProcessSample {
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  // A zombie (exited, not yet reaped) has a status but no memory.
  if (rss === null) throw new Error(`process ${pid} has exited`);
  const rssKb = Number(rss[1]);
  let fds = 0;
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    fds++;
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return { at, rssMb: rssKb / 1024, fds, sockets };
}

/** Outcomes per kind: latencies of the answers, errors by reason ("unexpected 500", "timeout"…). */
export class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, Map<string, number>>();
  sent = 0;
  answered = 0;
  errorCount = 0;

  readonly kinds: readonly string[];

  constructor(kinds: readonly string[]) {
    this.kinds = kinds;
    for (const kind of kinds) {
      this.latencies.set(kind, []);
      this.errors.set(kind, new Map());
    }
  }

  /** `ms`: null when no answer came (timeout, network error). `error`: null when the answer was the one expected. */
  record(kind: string, ms: number | null, error: string | null) {
    if (ms !== null) {
      this.answered++;
      this.latencies.get(kind)!.push(ms);
    }
    if (error !== null) {
      this.errorCount++;
      const reasons = this.errors.get(kind)!;
      reasons.set(error, (reasons.get(error) ?? 0) + 1);
    }
  }
}

const mb = (n: number) => `${n.toFixed(1)} MB`;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const count = (n: number) => n.toLocaleString('en-US');

/** Least-squares slope of RSS against time, in MB per minute. */
function trend(samples: ProcessSample[]): number {
  if (samples.length < 2) return 0;
  const meanAt = samples.reduce((n, s) => n + s.at, 0) / samples.length;
  const meanRss = samples.reduce((n, s) => n + s.rssMb, 0) / samples.length;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.at - meanAt) * (s.rssMb - meanRss);
    variance += (s.at - meanAt) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 60;
}

export interface SoakRun {
  seconds: number;
  rate: number;
  warmupSeconds: number;
  products: number;
  /** Seconds the steady load took to send (the schedule's own length when the generator kept up). */
  sendSeconds: number;
  /** Requests sent more than 100 ms after their scheduled time (the load generator fell behind). */
  late: number;
  maxInFlight: number;
  /** The server exited before the end (its last samples are missing). */
  exited: boolean;
  tally: Tally;
  samples: ProcessSample[];
}

export function formatSoak(run: SoakRun): string[] {
  const { tally, samples } = run;
  const start = samples.find((s) => s.at >= run.warmupSeconds) ?? samples[0]!;
  const end = samples[samples.length - 1]!;
  const peak = Math.max(...samples.map((s) => s.rssMb));
  const minutes = (end.at - start.at) / 60;
  const growth = end.rssMb - start.rssMb;
  const slope = trend(samples.filter((s) => s.at >= start.at));
  const files = (s: ProcessSample) => s.fds - s.sockets;
  const lines = [
    `soak: ${run.seconds} s at ${run.rate} req/s (generated catalog of ${count(run.products)} products, quotas on, limits raised): ` +
      `${count(tally.sent)} requests sent, ${(tally.sent / run.sendSeconds).toFixed(1)} req/s achieved` +
      `${run.late ? ` (${count(run.late)} sent over 100 ms late)` : ''}, ${count(tally.errorCount)} errors, at most ${run.maxInFlight} in flight`,
  ];
  for (const kind of tally.kinds) {
    const sorted = [...tally.latencies.get(kind)!].sort((a, b) => a - b);
    const errors = [...tally.errors.get(kind)!].map(([reason, n]) => `${count(n)} ${reason}`).join(', ');
    const latency = sorted.length ? `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}` : 'no answers';
    lines.push(`soak ${kind}: ${count(sorted.length)} answered, ${latency}${errors ? `; errors: ${errors}` : ''}`);
  }
  lines.push(
    `soak server RSS: start ${mb(start.rssMb)} (at ${Math.round(start.at)} s, after the warm-up), end ${mb(end.rssMb)}, peak ${mb(peak)}; ` +
      `growth ${growth >= 0 ? '+' : ''}${mb(growth)} over ${minutes.toFixed(1)} min ` +
      `(${(minutes > 0 ? growth / minutes : 0).toFixed(2)} MB/min; trend of ${samples.filter((s) => s.at >= start.at).length} samples ${slope.toFixed(2)} MB/min)`,
    `soak server file descriptors: start ${start.fds} (${start.sockets} sockets), end ${end.fds} (${end.sockets} sockets); ` +
      `files and pipes ${files(start)} → ${files(end)}`,
  );
  const judged = minutes >= TREND_MINUTES;
  const problems = [
    run.exited && 'the server exited during the run',
    tally.errorCount > 0 && `${count(tally.errorCount)} errors`,
    judged && slope > RSS_TREND_LIMIT_MB_PER_MIN && `RSS trend ${slope.toFixed(2)} MB/min above ${RSS_TREND_LIMIT_MB_PER_MIN}`,
    files(end) > files(start) && `${files(end) - files(start)} more files open`,
    run.late > tally.sent / 100 && 'the load generator fell behind its schedule (figures understate the rate)',
  ].filter(Boolean);
  const rss = judged
    ? `RSS trend ${slope.toFixed(2)} MB/min within ${RSS_TREND_LIMIT_MB_PER_MIN}`
    : `RSS trend not judged in ${minutes.toFixed(1)} min after the warm-up (needs ${TREND_MINUTES})`;
  lines.push(
    problems.length === 0
      ? `soak verdict: ${judged ? 'steady' : 'no problem seen'} (no errors, ${rss}, no files left open)`
      : `soak verdict: CHECK (${problems.join('; ')}${judged ? '' : `; ${rss}`})`,
  );
  return lines;
}
