import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A detached worktree of another revision, for a benchmark to build and run. */
export interface TemporaryWorktree {
  path: string;
  /** Removes it (and its folder) now; again, it does nothing. */
  remove(): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A detached git worktree of `commit` in a fresh temporary folder, removed however the run ends:
 * by remove() (in a finally), at exit, or on SIGINT, SIGTERM or SIGHUP. Node ends on those
 * signals without running any finally, so a bench interrupted mid-run (Ctrl-C, a timeout's kill)
 * left the worktree in `git worktree list` and its copy in the temporary folder. After removing it
 * the signal is raised again, so the process ends as it would have.
 */
export function addTemporaryWorktree(commit: string, repo = '.'): TemporaryWorktree {
  const git = (args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', stdio: 'pipe' });
  const folder = mkdtempSync(join(tmpdir(), 'bench-against-'));
  const path = join(folder, 'tree');
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    for (const signal of SIGNALS) process.off(signal, onSignal);
    process.off('exit', remove);
    try {
      git(['worktree', 'remove', '--force', path]);
    } catch {
      // Not added, or its folder already gone: forget whatever git still records of it.
      rmSync(folder, { recursive: true, force: true });
      git(['worktree', 'prune']);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    process.kill(process.pid, signal);
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);
  process.once('exit', remove);
  try {
    git(['worktree', 'add', '--detach', path, commit]);
  } catch (error) {
    remove();
    throw error;
  }
  return { path, remove };
}
