import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { clientInfoOf, createAllowanceLog, readVersionHeader } from './client-allowances.ts';

describe('reading MCP-Protocol-Version with the client allowances (docs/api.md, Client allowances)', () => {
  it.each([
    // [header, envelope claim, read as, allowances]
    ['2025-11-25', undefined, '2025-11-25', []],
    [null, undefined, null, []],
    [null, '2026-07-28', null, []],
    ['2026-07-28', '2026-07-28', '2026-07-28', []],
    ['2025-11-25, 2025-11-25', undefined, '2025-11-25', ['repeated-version-header']],
    ['2025-06-18,2025-06-18, 2025-06-18', undefined, '2025-06-18', ['repeated-version-header']],
    ['2025-11-25', '2026-07-28', '2026-07-28', ['envelope-under-other-header']],
    ['2025-06-18', '2026-07-28', '2026-07-28', ['envelope-under-other-header']],
    ['2025-11-25, 2025-11-25', '2026-07-28', '2026-07-28', ['repeated-version-header', 'envelope-under-other-header']],
    ['2026-07-28, 2026-07-28', '2026-07-28', '2026-07-28', ['repeated-version-header']],
    // Left as sent, for the usual checks to refuse.
    ['2025-11-25, 2025-06-18', undefined, '2025-11-25, 2025-06-18', []],
    ['2024-01-01, 2024-01-01', undefined, '2024-01-01, 2024-01-01', []],
    ['2025-11-25,', undefined, '2025-11-25,', []],
    [',', undefined, ',', []],
    ['2025-11-25', '2099-01-01', '2025-11-25', []],
    ['2026-07-28', '2025-11-25', '2026-07-28', []],
    ['2099-01-01', '2026-07-28', '2099-01-01', []],
    ['2025-11-25', 20260728, '2025-11-25', []],
  ] as const)('%j with the envelope naming %j: read as %j', (header, claim, readAs, allowances) => {
    expect(readVersionHeader(header, claim)).toEqual({ header: readAs, allowances });
  });

  it("reads the client's name from the envelope or from initialize, cut short, and nothing from anything else", () => {
    expect(clientInfoOf({ _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'claude-ai', version: '0.1.0' } } })).toEqual({
      name: 'claude-ai',
      version: '0.1.0',
    });
    expect(clientInfoOf({ clientInfo: { name: 'x'.repeat(500), version: 7 } })).toEqual({ name: 'x'.repeat(100), version: '' });
    expect(clientInfoOf({ _meta: null, clientInfo: { name: 'cursor', version: '2' } })).toEqual({ name: 'cursor', version: '2' });
    for (const params of [
      undefined,
      {},
      { clientInfo: 'x' },
      { clientInfo: { version: '1' } },
      { _meta: { 'io.modelcontextprotocol/clientInfo': [] } },
    ])
      expect(clientInfoOf(params as Record<string, unknown> | undefined)).toBeNull();
  });

  it('logs once per client, pattern and client name, never the address, and remembers no address either', () => {
    const lines: Record<string, unknown>[] = [];
    const remembered = new BoundedCache<string, true>(100);
    const log = createAllowanceLog('/mcp', (msg, fields) => lines.push({ msg, ...fields }), remembered);
    const claude = {
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'claude-ai', version: '1' } } },
    };
    const a = { address: '203.0.113.7' };
    for (let i = 0; i < 5; i++) log(['envelope-under-other-header'], a, claude);
    log(['repeated-version-header', 'envelope-under-other-header'], a, claude);
    log(['envelope-under-other-header'], { address: '203.0.113.8' }, claude);
    log(['repeated-version-header'], a, { method: 'tools/call' });
    expect(lines.map((l) => [l.pattern, l.method, (l.clientInfo as { name: string } | null)?.name ?? null])).toEqual([
      ['envelope-under-other-header', 'tools/list', 'claude-ai'],
      ['repeated-version-header', 'tools/list', 'claude-ai'],
      ['envelope-under-other-header', 'tools/list', 'claude-ai'],
      ['repeated-version-header', 'tools/call', null],
    ]);
    expect(lines[0]).toMatchObject({ path: '/mcp', clientInfo: { name: 'claude-ai', version: '1' } });
    expect(JSON.stringify(lines)).not.toMatch(/203\.0\.113/);
    // What it remembers to log once: the client as a salted hash, not its address.
    const keys = [...remembered.entries()].map(([key]) => key);
    expect(keys).toHaveLength(4);
    expect(keys.join('\n')).not.toMatch(/203\.0\.113/);
  });
});
