/**
 * Search beside another engine (issue 31; `npm run bench -- --only search --peer orama`): one
 * generated catalog (100,000 products by default), our snapshot built from it by the real build
 * script, the peer's index built from the same export; then the same inputs of the same query
 * classes (bench/support/search-classes.ts, PEER_CLASSES) on both, each side in a child process of
 * its own (--expose-gc) so its heap and RSS figures are its own. The peer is
 * bench/search-peer-orama.ts; ours, bench/search-peer-ours.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';
import type { LatencyRow } from './search-latency.ts';
import { timedBuild } from './snapshot-build.ts';
import { drawSamples, PEER_CLASSES, searchClasses } from './support/search-classes.ts';
import type { Latency } from './support/timing.ts';

export const PEERS = ['orama'] as const;
export type Peer = (typeof PEERS)[number];

export interface PeerOptions {
  peer: Peer;
  /** Products generated (default 100,000; published ones are about 97%). */
  products: number;
  /** Timed calls per class (ours always makes them all). */
  runs: number;
  /** The peer's time per class, in seconds: it stops at the end of the first round of inputs past it. */
  seconds: number;
}

interface OursOutput {
  openSeconds: number;
  heapMb: number;
  rssMb: number;
  peakRssMb: number;
  rows: (Omit<LatencyRow, 'naive'> & { label: string })[];
}

interface PeerOutput {
  engine: string;
  documents: number;
  buildSeconds: number;
  insertSeconds: number;
  sortSeconds: number;
  heapMb: number;
  rssMb: number;
  heapAfterQueriesMb: number;
  peakRssMb: number;
  rows: { label: string; peer: Latency; matches: string[]; warning?: string }[];
}

export interface PeerFigures {
  products: number;
  published: number;
  ours: Omit<OursOutput, 'rows'> & { buildSeconds: number; buildPeakRssMb: number; snapshotMb: number };
  peer: Omit<PeerOutput, 'rows'>;
  rows: { label: string; ours?: Latency; notMeasured?: string; peer: Latency; matches: string; warnings: string[] }[];
}

/** Runs a side's script with --expose-gc and reads the JSON it prints (its progress goes to stderr). */
function side<T>(script: string, args: string[]): T {
  const output = execFileSync(process.execPath, ['--expose-gc', script, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 26,
  });
  return JSON.parse(output) as T;
}

/**
 * How many products match, on both sides, for one input: the peer's median one (by its count; the
 * peer counts every match, ours may stop at a bound and say "≥").
 */
function medianInput(ours: string[] | undefined, peer: string[]): string {
  const ranked = peer
    .map((count, index) => ({ count: Number(count), index }))
    .filter((m) => !Number.isNaN(m.count))
    .sort((a, b) => a.count - b.count);
  const median = ranked[Math.floor(ranked.length / 2)];
  const grouped = (count: string) => count.replace(/\d+/, (digits) => Number(digits).toLocaleString('en-US'));
  return median === undefined ? '—' : `${grouped(ours?.[median.index] ?? '—')} / ${grouped(String(median.count))}`;
}

export async function benchSearchPeer(options: PeerOptions): Promise<PeerFigures> {
  if (!PEERS.includes(options.peer)) throw new Error(`no peer named ${options.peer} (--peer ${PEERS.join('|')})`);
  const dir = mkdtempSync(join(tmpdir(), 'catalog-peer-'));
  try {
    const source = join(dir, 'export');
    const snapshot = join(dir, 'catalog.sqlite');
    console.error(`[bench] side by side with ${options.peer}: generating ${options.products} products…`);
    await generateCatalog({ products: options.products, outDir: source });
    const build = timedBuild(source, snapshot, join(dir, 'rss'));
    const catalog = openCatalog(snapshot);
    const samples = drawSamples(snapshot, catalog);
    const published = catalog.discovery.counts.products;
    catalog.close();
    const classes = searchClasses(samples).filter((c) => PEER_CLASSES.includes(c.label));
    const classesFile = join(dir, 'classes.json');
    writeFileSync(classesFile, JSON.stringify(classes));

    const ours = side<OursOutput>('bench/search-peer-ours.ts', [snapshot, classesFile, String(options.runs)]);
    const peer = side<PeerOutput>(`bench/search-peer-${options.peer}.ts`, [
      source,
      classesFile,
      String(options.runs),
      String(options.seconds),
    ]);
    const { rows: ourRows, ...ourFigures } = ours;
    const { rows: peerRows, ...peerFigures } = peer;
    return {
      products: options.products,
      published,
      ours: { ...ourFigures, buildSeconds: build.seconds, buildPeakRssMb: build.maxRssMb, snapshotMb: statSync(snapshot).size / 2 ** 20 },
      peer: peerFigures,
      rows: classes.map(({ label }) => {
        const o = ourRows.find((r) => r.label === label)!;
        const p = peerRows.find((r) => r.label === label)!;
        return {
          label,
          ...(o.ours ? { ours: o.ours } : {}),
          ...(o.notMeasured ? { notMeasured: o.notMeasured } : {}),
          peer: p.peer,
          matches: medianInput(o.matches, p.matches),
          warnings: [...(o.warning ? [`ours: ${o.warning}`] : []), ...(p.warning ? [`${peer.engine}: ${p.warning}`] : [])],
        };
      }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds, to about three significant digits. */
const ms = (n: number) =>
  n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US', { maximumFractionDigits: 0 });
const mb = (n: number) => `${Math.round(n).toLocaleString('en-US')} MB`;
const latency = (l: Latency) => `${ms(l.p50)} / ${ms(l.p95)} ms (${l.runs})`;

/** The side-by-side as one Markdown table (as docs/benchmarks.md shows it), then any warning. */
export function formatPeerTable(f: PeerFigures): string[] {
  const engine = f.peer.engine;
  const ratio = (peer: number, ours: number) => {
    const r = peer / Math.max(ours, 0.001);
    return `${r.toLocaleString('en-US', { maximumFractionDigits: r < 100 ? 1 : 0 })}×`;
  };
  const table: string[][] = [
    ['', 'ours p50 / p95 (runs)', `${engine} p50 / p95 (runs)`, 'p50, peer / ours', "matches, ours / peer (peer's median input)"],
    ...f.rows.map((r) => [
      r.label,
      r.ours ? latency(r.ours) : `not measured: ${r.notMeasured}`,
      latency(r.peer),
      r.ours ? ratio(r.peer.p50, r.ours.p50) : '—',
      r.matches,
    ]),
    [
      'index build',
      `${f.ours.buildSeconds.toFixed(1)} s (the build script; peak RSS ${mb(f.ours.buildPeakRssMb)})`,
      `${f.peer.buildSeconds.toFixed(1)} s (inserts ${f.peer.insertSeconds.toFixed(1)} s, first sorts ${f.peer.sortSeconds.toFixed(1)} s)`,
      ratio(f.peer.buildSeconds, f.ours.buildSeconds),
      '',
    ],
    [
      'memory held',
      `heap +${mb(f.ours.heapMb)}, RSS +${mb(f.ours.rssMb)} (open, after the queries); ${mb(f.ours.snapshotMb)} snapshot file`,
      `heap +${mb(f.peer.heapMb)}, RSS +${mb(f.peer.rssMb)} (built); heap +${mb(f.peer.heapAfterQueriesMb)} after the queries`,
      `${ratio(f.peer.rssMb, f.ours.rssMb)} RSS`,
      '',
    ],
    ['peak RSS of the process', mb(f.ours.peakRssMb), mb(f.peer.peakRssMb), ratio(f.peer.peakRssMb, f.ours.peakRssMb), ''],
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [
    `search beside ${engine}: ${f.products.toLocaleString('en-US')} generated products (${f.published.toLocaleString('en-US')} published, ${f.peer.documents.toLocaleString('en-US')} documents), the same inputs on both`,
    line(table[0]!),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.slice(1).map(line),
    ...f.rows.flatMap((r) => r.warnings.map((w) => `warning, ${r.label}: ${w}`)),
  ];
}
