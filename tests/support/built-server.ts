import { type ChildProcess, spawn } from 'node:child_process';
import { generousQuotas } from './quota-env.ts';

export interface RunningServer {
  baseUrl: string;
  /** The server process's id (to look at what it listens on). */
  pid: number;
  /** stdout and stderr as they came. */
  output: () => string;
  /** stdout alone: the log's lines. */
  stdout: () => string;
  /** SIGTERM: the server finishes what is in flight and gives its quota leases back; resolves once its output is all read. */
  stop: () => Promise<void>;
  /** SIGKILL: a crash, which gives nothing back. */
  kill: () => Promise<void>;
}

/**
 * The SITE_URL the test build used (site-setup.ts leaves it unset: the default for HOST and PORT).
 * A server on a free port must still say the site's URL, or its answers and the pre-rendered
 * documents would name different sites.
 */
export const BUILT_SITE_URL = 'http://127.0.0.1:4321';

/**
 * Starts the built self-hosted server the way `npm run serve` does (a real process, real HTTP),
 * on a free port, and resolves once it says where it listens. Quotas are generous unless `env`
 * says otherwise.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.ts'], {
    // The suites vary the quotas over one build: the documents' stated quotas are not under test
    // here. The log (read for "listening on") is kept, not printed.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_URL: BUILT_SITE_URL,
      SERVE_MISMATCHED_DOCUMENTS: 'on',
      LOG_LEVEL: 'info',
      ...generousQuotas(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  // 'close' rather than 'exit': the process has ended and its pipes are read to their end.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await closed;
  };
  return {
    baseUrl,
    pid: child.pid!,
    output: () => output,
    stdout: () => stdout,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
