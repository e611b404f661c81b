import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server.ts';
import { describeWithProgram, findOnPath } from './system-program.ts';

/*
 * A real Prometheus and its promtool for the metrics' suites (Debian's prometheus package; CI
 * installs it with apt-get): what is under test is that Prometheus itself scrapes and reads the
 * service's metrics, so never a parser of our own.
 */

export const PROMETHEUS_MISSING = 'prometheus not found: the metrics tests did not run (apt-get install prometheus)';
export const PROMTOOL_MISSING = 'promtool not found: the metrics tests did not run (apt-get install prometheus)';

/** How often the suite's Prometheus scrapes: short, so a test waits about a second for a sample. */
const SCRAPE_INTERVAL = '500ms';

export interface RunningPrometheus {
  url: string;
  /** Points the scrape job at these `host:port` targets (file service discovery: read as soon as written). */
  scrape(targets: string[]): void;
  /** The value of an instant PromQL query's single sample, or null while it has none. */
  query(promql: string): Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts prometheus on a free port with a temporary data directory, and resolves once it is ready. */
export async function startPrometheus(executable = findOnPath(['prometheus'])): Promise<RunningPrometheus> {
  if (!executable) throw new Error(PROMETHEUS_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
  const targetsFile = join(dir, 'targets.json');
  const scrape = (targets: string[]) => {
    // Whole or not at all: Prometheus may read the file while it is written.
    writeFileSync(`${targetsFile}.new`, JSON.stringify([{ targets, labels: { job: 'catalog' } }]));
    renameSync(`${targetsFile}.new`, targetsFile);
  };
  scrape([]);
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      `  scrape_interval: ${SCRAPE_INTERVAL}`,
      `  scrape_timeout: ${SCRAPE_INTERVAL}`,
      'scrape_configs:',
      '  - job_name: catalog',
      '    file_sd_configs:',
      `      - files: [${JSON.stringify(targetsFile)}]`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    executable,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    process.off('exit', orphaned);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus was not ready on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const query = async (promql: string) => {
    const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await answer.json()) as { status: string; error?: string; data: { result: { value: [number, string] }[] } };
    if (body.status !== 'success') throw new Error(`prometheus refused ${promql}: ${body.error}`);
    const [first] = body.data.result;
    return first === undefined ? null : Number(first.value[1]);
  };
  return { url, scrape, query, stop };
}

/** A describe block with a Prometheus of its own (started before, stopped after): see describeWithProgram. */
export function describePrometheus(name: string, fn: (prometheus: () => RunningPrometheus) => void) {
  describeWithProgram(
    name,
    {
      executable: findOnPath(['prometheus']),
      missing: PROMETHEUS_MISSING,
      ciTest: 'finds prometheus (CI installs it)',
      start: startPrometheus,
      stop: (prometheus) => prometheus.stop(),
    },
    fn,
  );
}

/** promtool's verdict on `args` (with `input` on stdin): its exit code and what it printed. */
export function promtool(executable: string, args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync(executable, args, { input, encoding: 'utf8', timeout: 30_000 });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A describe block given promtool's path: see describeWithProgram. */
export function describePromtool(name: string, fn: (promtool: () => string) => void) {
  describeWithProgram(
    name,
    {
      executable: findOnPath(['promtool']),
      missing: PROMTOOL_MISSING,
      ciTest: 'finds promtool (CI installs it)',
      start: async (executable) => executable,
      stop: async () => {},
    },
    fn,
  );
}
