import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm run bench -- --against REV` builds REV in a temporary git worktree
 * (bench/support/temporary-worktree.ts). Interrupted (Ctrl-C, a timeout's SIGTERM), Node runs no
 * finally: the worktree must still be removed, from git's list and from disk.
 */
const HELPER = fileURLToPath(new URL('../../bench/support/temporary-worktree.ts', import.meta.url));

const repo = mkdtempSync(join(tmpdir(), 'worktree-repo-'));
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
git('init', '--quiet');
writeFileSync(join(repo, 'a.txt'), 'a\n');
git('add', 'a.txt');
git('-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'one');
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** A process that adds the worktree, says where, and waits (as a bench does, building and measuring), until `signal`. */
async function interrupted(signal: NodeJS.Signals): Promise<{ path: string; code: number | null; signal: NodeJS.Signals | null }> {
  const script = `const { addTemporaryWorktree } = await import(${JSON.stringify(HELPER)});
    const worktree = addTemporaryWorktree('HEAD', ${JSON.stringify(repo)});
    try {
      console.log(worktree.path);
      await new Promise(() => setInterval(() => {}, 1000));
    } finally {
      worktree.remove();
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (code, sig) => resolve([code, sig])));
  try {
    const path = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
      child.once('exit', () => reject(new Error('exited before adding the worktree')));
    });
    expect(existsSync(join(path, 'a.txt'))).toBe(true);
    child.kill(signal);
    const [code, endedBy] = await ended;
    return { path, code, signal: endedBy };
  } finally {
    // Never left waiting, whatever failed above.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

describe('the bench worktree of another revision', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('is removed when the run is ended by %s, which still ends it', async (signal) => {
    const run = await interrupted(signal);
    // Checked apart (not a count): a failing run's leftover must not fail the next signal's test.
    const listed = git('worktree', 'list', '--porcelain');
    const [removedFolder, removedTree] = [!existsSync(join(run.path, '..')), !existsSync(run.path)];
    // Tidy up after a failure too, so nothing is left in the temporary folder.
    rmSync(join(run.path, '..'), { recursive: true, force: true });
    git('worktree', 'prune');
    expect(run.signal).toBe(signal);
    expect(listed).not.toContain(run.path);
    expect([removedTree, removedFolder]).toEqual([true, true]);
  });
});
