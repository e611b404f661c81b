/**
 * One revision's side of `npm run bench -- --only search --against REV` (bench/search-against-revision.ts),
 * run as a child process with IPC. The parent copies this file into REV's worktree, so its imports
 * are that revision's own: its generator, its build and its search. Messages in:
 * - { kind: 'build', products, seed, dir }: generates the catalog at that size and seed in `dir`,
 *   builds the snapshot there; answers { kind: 'built', seconds, maxRssMb, snapshotMb }.
 * - { kind: 'round', runs }: one timing of every class (benchSearchLatency, no naive plan);
 *   answers { kind: 'rows', rows: [{ label, p50, p95 }] }.
 * It uses only exports 5e21c87 (the last revision before the offers) already had: generateCatalog,
 * timedBuild and benchSearchLatency. A failure answers { kind: 'error', message }.
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';
import { benchSearchLatency } from './search-latency.ts';
import { timedBuild } from './snapshot-build.ts';

type Message = { kind: 'build'; products: number; seed: number; dir: string } | { kind: 'round'; runs: number };

let snapshot: string | undefined;

async function answer(message: Message): Promise<unknown> {
  if (message.kind === 'build') {
    const source = join(message.dir, 'export');
    await generateCatalog({ products: message.products, outDir: source, seed: message.seed });
    snapshot = join(message.dir, 'catalog.sqlite');
    const built = timedBuild(source, snapshot, join(message.dir, 'rss'));
    rmSync(source, { recursive: true, force: true });
    return { kind: 'built', ...built, snapshotMb: statSync(snapshot).size / 2 ** 20 };
  }
  if (snapshot === undefined) throw new Error('no snapshot built yet');
  const rows = benchSearchLatency(snapshot, message.runs, 0).flatMap((row) =>
    row.ours ? [{ label: row.label, p50: row.ours.p50, p95: row.ours.p95 }] : [],
  );
  return { kind: 'rows', rows };
}

process.on('message', (message: Message) => {
  answer(message).then(
    (reply) => process.send!(reply),
    (error: unknown) => process.send!({ kind: 'error', message: error instanceof Error ? error.stack : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
