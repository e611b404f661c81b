/**
 * `npm run bench -- --only stats --against REV`: this checkout's self-hosted server against the
 * same server at another git revision, side by side. Both run at once, pinned to the same core,
 * with the same snapshot and quota settings; the same load alternates between them, round by
 * round, so a drift in the machine's speed weighs on both alike. The figure is the median of the
 * per-round ratios (this / REV). REV must read the same snapshot schema.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { measure } from './support/load.ts';
import { pin, QUOTAS_ON, startProcess } from './support/server-process.ts';
import { addTemporaryWorktree } from './support/temporary-worktree.ts';

const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

export async function benchStatsAgainst(options: { revision: string; snapshot: string; rounds: number; seconds: number }) {
  const commit = git(['rev-parse', '--verify', `${options.revision}^{commit}`]);
  // Removed on return, on a failure and on an interrupt alike (support/temporary-worktree.ts).
  const worktree = addTemporaryWorktree(commit);
  const tree = worktree.path;
  try {
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    console.error(`[bench] building ${commit.slice(0, 10)}'s site in a worktree…`);
    const env = { ...process.env, CATALOG_DB: options.snapshot, ASTRO_TELEMETRY_DISABLED: '1' };
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { cwd: tree, env, stdio: 'inherit' });
    if (pin) execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
    const serverEnv = { HOST: '127.0.0.1', PORT: '0', CATALOG_DB: options.snapshot, ...QUOTAS_ON };
    const ours = await startProcess(['scripts/serve.ts'], serverEnv);
    const theirs = await startProcess(['scripts/serve.ts'], { ...serverEnv, RATE_LIMIT_DB: `${QUOTAS_ON.RATE_LIMIT_DB}.${commit}` }, tree);
    const path = '/api/public/v1/products/1/stats';
    try {
      const results: { spread: boolean; ratios: number[]; errors: number }[] = [];
      for (const spread of [false, true]) {
        for (const server of [ours, theirs]) await measure('warm-up', server.url + path, 2, spread);
        const ratios: number[] = [];
        let errors = 0;
        for (let round = 0; round < options.rounds; round++) {
          // The order turns every round: neither always runs first.
          const order = round % 2 === 0 ? [ours, theirs] : [theirs, ours];
          const [first, second] = [
            await measure('a', order[0]!.url + path, options.seconds, spread),
            await measure('b', order[1]!.url + path, options.seconds, spread),
          ];
          const [mine, base] = round % 2 === 0 ? [first, second] : [second, first];
          ratios.push(mine.requestsPerSecond / base.requestsPerSecond);
          errors += mine.non2xx + base.non2xx;
        }
        results.push({ spread, ratios: ratios.sort((a, b) => a - b), errors });
      }
      return { commit, results };
    } finally {
      await Promise.all([ours.stop(), theirs.stop()]);
    }
  } finally {
    worktree.remove();
  }
}
