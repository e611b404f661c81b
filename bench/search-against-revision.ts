/**
 * `npm run bench -- --only search --against REV`: this checkout's search beside REV's, on one
 * machine in one run. Each revision runs in a child process of its own tree
 * (bench/search-rounds-child.ts, copied into REV's worktree), generates its catalog with its own
 * generator at the same size and seed (an older revision refuses a newer export's fields), builds
 * it with its own build, and times every search class with its own code. The rounds alternate,
 * the order turning every round, so a drift in the machine's speed weighs on both alike; each
 * class's figure is the median over rounds, and the ratio the median of the per-round ratios.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addTemporaryWorktree } from './support/temporary-worktree.ts';

const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const CHILD = 'bench/search-rounds-child.ts';

interface ClassRow {
  label: string;
  p50: number;
  p95: number;
}
interface Built {
  seconds: number;
  maxRssMb: number;
  snapshotMb: number;
}

/** A revision's child: one request at a time, its answer or its error. */
function revisionChild(tree: string) {
  const child: ChildProcess = fork(join(tree, CHILD), [], { cwd: tree, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(message: object) =>
    new Promise<T>((done, fail) => {
      const onExit = (code: number | null) => fail(new Error(`${tree}'s search child exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (reply: { kind: string; message?: string }) => {
        child.off('exit', onExit);
        if (reply.kind === 'error') fail(new Error(reply.message));
        else done(reply as T);
      });
      child.send(message);
    });
  return { ask, stop: () => child.kill() };
}

export interface SearchAgainstFigures {
  commit: string;
  built: { ours: Built; theirs: Built };
  /** Per class in this checkout's order: medians over rounds, and the medians of the per-round ratios (ours / theirs). */
  rows: { label: string; ours: ClassRow; theirs?: ClassRow; ratio50?: number; ratio95?: number }[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function benchSearchAgainst(options: {
  revision: string;
  products: number;
  seed: number;
  rounds: number;
  runs: number;
}): Promise<SearchAgainstFigures> {
  const commit = git(['rev-parse', '--verify', `${options.revision}^{commit}`]);
  // Removed on return, on a failure and on an interrupt alike (support/temporary-worktree.ts).
  const worktree = addTemporaryWorktree(commit);
  const work = mkdtempSync(join(tmpdir(), 'search-against-'));
  const children: ReturnType<typeof revisionChild>[] = [];
  try {
    symlinkSync(resolve('node_modules'), join(worktree.path, 'node_modules'));
    copyFileSync(CHILD, join(worktree.path, CHILD));
    const ours = revisionChild(resolve('.'));
    const theirs = revisionChild(worktree.path);
    children.push(ours, theirs);
    const build = async (side: typeof ours, name: string) => {
      const dir = join(work, name);
      mkdirSync(dir);
      console.error(`[bench] ${name}: generating and building ${options.products} products (seed ${options.seed})…`);
      return side.ask<Built>({ kind: 'build', products: options.products, seed: options.seed, dir });
    };
    // One build at a time: both at once would share the two cores and each other's page cache.
    const built = { ours: await build(ours, 'this checkout'), theirs: await build(theirs, commit.slice(0, 10)) };
    const perRound: { ours: ClassRow[]; theirs: ClassRow[] }[] = [];
    for (let round = 0; round < options.rounds; round++) {
      console.error(`[bench] search round ${round + 1} of ${options.rounds}`);
      const order = round % 2 === 0 ? [ours, theirs] : [theirs, ours];
      const first = await order[0]!.ask<{ rows: ClassRow[] }>({ kind: 'round', runs: options.runs });
      const second = await order[1]!.ask<{ rows: ClassRow[] }>({ kind: 'round', runs: options.runs });
      perRound.push(round % 2 === 0 ? { ours: first.rows, theirs: second.rows } : { ours: second.rows, theirs: first.rows });
    }
    const rows = perRound[0]!.ours.map(({ label }) => {
      const of = (side: 'ours' | 'theirs') => perRound.map((r) => r[side].find((row) => row.label === label));
      const mine = of('ours') as ClassRow[];
      const base = of('theirs');
      const row = { label, ours: { label, p50: median(mine.map((r) => r.p50)), p95: median(mine.map((r) => r.p95)) } };
      if (base.some((r) => r === undefined)) return row;
      const known = base as ClassRow[];
      return {
        ...row,
        theirs: { label, p50: median(known.map((r) => r.p50)), p95: median(known.map((r) => r.p95)) },
        ratio50: median(mine.map((r, i) => r.p50 / known[i]!.p50)),
        ratio95: median(mine.map((r, i) => r.p95 / known[i]!.p95)),
      };
    });
    return { commit, built, rows };
  } finally {
    for (const child of children) child.stop();
    rmSync(work, { recursive: true, force: true });
    worktree.remove();
  }
}

/** The table as printed: one line per class, then the builds. */
export function formatSearchAgainst(f: SearchAgainstFigures, rounds: number): string[] {
  const ms = (n: number) => n.toFixed(2);
  const rev = f.commit.slice(0, 10);
  const lines = [`search, this checkout against ${rev}, side by side (medians of ${rounds} alternating rounds; ratio this / ${rev}):`];
  for (const row of f.rows) {
    const mine = `${ms(row.ours.p50)} / ${ms(row.ours.p95)} ms`;
    lines.push(
      row.theirs
        ? `  ${row.label}: ${mine} against ${ms(row.theirs.p50)} / ${ms(row.theirs.p95)} ms, ratio p50 ${ms(row.ratio50!)}, p95 ${ms(row.ratio95!)}`
        : `  ${row.label}: ${mine} (no such class at ${rev})`,
    );
  }
  for (const [name, b] of [
    ['this checkout', f.built.ours],
    [rev, f.built.theirs],
  ] as const) {
    lines.push(
      `  build, ${name}: ${b.seconds.toFixed(1)} s, peak RSS ${Math.round(b.maxRssMb)} MB, snapshot ${Math.round(b.snapshotMb)} MB`,
    );
  }
  return lines;
}
