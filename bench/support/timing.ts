import { percentile } from './figures.ts';

/** Latency of a class of calls: p50 and p95 in ms, over `runs` timed calls. */
export interface Latency {
  p50: number;
  p95: number;
  runs: number;
}

export interface TimingOptions {
  /** Timed calls, the inputs in turn. */
  runs: number;
  /** Untimed calls first (default: min(20, runs); with `seconds`, no more than a tenth of them, and at least one). */
  warmup?: number;
  /**
   * For a slow engine: stop at the end of the first whole round of inputs (each input once more)
   * that ends past this many seconds, so every input weighs the same in the percentiles.
   */
  seconds?: number;
}

/** Times `call` on the inputs in turn, each call alone (synchronous calls only). */
export function timeCalls<I>(inputs: readonly I[], call: (input: I) => unknown, options: TimingOptions): Latency {
  if (inputs.length === 0) throw new Error('no inputs to time');
  const warmup = options.warmup ?? Math.min(20, options.runs);
  const warmupEnd = options.seconds === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.seconds * 100;
  for (let i = 0; i < warmup && (i === 0 || performance.now() < warmupEnd); i++) call(inputs[i % inputs.length]!);
  const deadline = options.seconds === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.seconds * 1000;
  const samples: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    if (i % inputs.length === 0 && i > 0 && performance.now() > deadline) break;
    const started = performance.now();
    call(inputs[i % inputs.length]!);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), runs: samples.length };
}

/** Heap in use and resident set, in MB, after a full collection (the process needs --expose-gc). */
export function settledMemoryMb(): { heapMb: number; rssMb: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('memory figures need node --expose-gc');
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 };
}

/** The process's peak resident set so far, in MB. */
export const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;
