import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';

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
