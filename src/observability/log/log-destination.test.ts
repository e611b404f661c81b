import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

const LOGGER = new URL('./logger.ts', import.meta.url).href;

/**
 * A process that logs `count` request lines through the real stdout destination, then ends as
 * `end` says; its stdout is read slowly (the pipe fills, so writes wait), and its lines counted.
 */
async function linesOf(mode: 'async' | 'sync', count: number, end: string, each = ''): Promise<{ lines: string[]; code: number | null }> {
  const script = `
    const { createLogger } = await import(${JSON.stringify(LOGGER)});
    const logger = createLogger('info', ${JSON.stringify(mode)});
    for (let i = 0; i < ${count}; i++) {
      logger.request({ method: 'GET', route: '/api', status: 200, durationMs: i, catalogVersion: 'v' });
      ${each}
    }
    ${end}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  // Read nothing for a while: the pipe fills and the writer has to wait for it.
  child.stdout.pause();
  setTimeout(() => child.stdout.resume(), 300);
  const [code] = (await once(child, 'close')) as [number | null];
  const lines = Buffer.concat(chunks).toString().split('\n').filter(Boolean);
  return { lines, code };
}

describe('the stdout destinations', () => {
  // 20,000 lines are about 3 MB: far more than a pipe holds, so some are still buffered at the end.
  const COUNT = 20_000;

  it.each([
    ['process.exit()', 'process.exit(3)', 3],
    ['an uncaught exception', "setImmediate(() => { throw new Error('crash'); });", 1],
    ['the end of the event loop', '', 0],
  ])('async: loses no buffered line when the process ends by %s', async (_, end, expected) => {
    const { lines, code } = await linesOf('async', COUNT, end);
    expect(code).toBe(expected);
    expect(lines).toHaveLength(COUNT);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: 'request', durationMs: COUNT - 1 });
  });

  it('async: request lines, queued as fields, keep their place among the other lines', async () => {
    // A warning after every 700th request: some while the queue is part full, some when it has just been written.
    const { lines } = await linesOf('async', 5_000, '', "if (i % 700 === 0) logger.warn('test', 'after ' + i);");
    const order = lines.map((line) => JSON.parse(line) as { msg: string; durationMs?: number });
    const expected: string[] = [];
    for (let i = 0; i < 5_000; i++) expected.push(`request ${i}`, ...(i % 700 === 0 ? [`after ${i}`] : []));
    expect(order.map((line) => (line.msg === 'request' ? `request ${line.durationMs}` : line.msg))).toEqual(expected);
  });

  it('async: a lone line is written within moments, not kept for a batch that never fills', async () => {
    // Killed 300 ms later: no exit hook runs, so the line is there only if the batch's timer wrote it.
    const { lines } = await linesOf('async', 1, "setTimeout(() => process.kill(process.pid, 'SIGKILL'), 300);");
    expect(lines).toHaveLength(1);
  });

  it('sync: a line is written before the call returns (a frozen or killed instance runs no exit hook)', async () => {
    const { lines } = await linesOf('sync', 3, "process.kill(process.pid, 'SIGKILL');");
    expect(lines).toHaveLength(3);
  });
});
