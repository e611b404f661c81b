import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startBuiltServer } from '../support/built-server.ts';

const run = promisify(execFile);
let server: RunningServer;
let scratch: string;

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
  scratch = mkdtempSync(join(tmpdir(), 'mcp-tools-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * The official tools run under this project's Node (the conformance suite needs Node >= 22),
 * with HOME in a scratch folder (the Inspector keeps state there).
 */
const node = (bin: string, args: string[]) =>
  run(process.execPath, [join('node_modules', '.bin', bin), ...args], {
    env: { ...process.env, HOME: scratch, NO_COLOR: '1' },
    timeout: 60_000,
  });

describe('MCP Inspector CLI against the built server', () => {
  it('lists the tools and calls them', async () => {
    const url = `${server.baseUrl}/mcp`;
    const list = JSON.parse(
      (await node('mcp-inspector', ['--cli', url, '--transport', 'http', '--method', 'tools/list', '--format', 'json'])).stdout,
    );
    expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(['catalog_overview', 'search_local_products', 'get_product']);

    const search = JSON.parse(
      (
        await node('mcp-inspector', [
          '--cli',
          url,
          '--transport',
          'http',
          '--method',
          'tools/call',
          '--tool-name',
          'search_local_products',
          '--tool-args-json',
          '{"query":"fone","city":"São Paulo","limit":2}',
          '--format',
          'json',
        ])
      ).stdout,
    );
    expect(search.result.structuredContent.results).toHaveLength(2);

    // An unknown tool is an error the CLI reports with its own exit code.
    await expect(
      node('mcp-inspector', ['--cli', url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'nope', '--format', 'json']),
    ).rejects.toMatchObject({ code: expect.any(Number) });
  });
});

describe('official MCP conformance suite against the built server', () => {
  for (const scenario of ['server-initialize', 'ping', 'tools-list']) {
    it(`passes ${scenario}`, async () => {
      const out = join(scratch, scenario);
      // Exit code 1 on any failed check (execFile then rejects with the output).
      await node('conformance', ['server', '--url', `${server.baseUrl}/mcp`, '--scenario', scenario, '-o', out]);
      const [dir] = readdirSync(out);
      const checks = JSON.parse(readFileSync(join(out, dir!, 'checks.json'), 'utf8')) as { status: string; name: string }[];
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((c) => c.status !== 'SUCCESS')).toEqual([]);
    });
  }
});
