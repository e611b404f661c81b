import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RequestFacts } from '../http/answer.ts';
import { fixedCursorSecret } from '../search/local/cursor-secret.ts';
import { fastLaneAnswer } from './fast-lane.ts';
import type { McpMessage } from './read-message.ts';
import { SERVER_INFO } from './server.ts';
import type { ToolSet } from './tool-list.ts';
import { defineTool, structuredResult } from './tools/tool-definition.ts';

/*
 * The fast lane on made-up tools. That its answers are the SDK's, byte for byte, on the real tools
 * and every revision: tests/integration/mcp-fast-lane.test.ts.
 */
type Context = Parameters<typeof fastLaneAnswer>[0];

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  summary: 'Echoes its text.',
  description: 'Echoes its text.',
  inputSchema: z.object({ text: z.string().max(5).default('none') }),
  outputSchema: z.object({ text: z.string() }),
  // A tool error for one text, as a tool reports "not found".
  run: (_ctx, args) => structuredResult({ text: args.text }, args.text === 'oops'),
});
const broken = defineTool({
  name: 'broken',
  title: 'Broken',
  summary: 'Always throws.',
  description: 'Always throws.',
  inputSchema: z.object({}),
  outputSchema: z.object({}),
  run: () => {
    throw new Error('the snapshot is gone: /secret/path');
  },
});
const toolSet: ToolSet = { tools: [echo, broken], byName: new Map([echo, broken].map((t) => [t.name, t])), instructions: '', views: false };

const context = (): Context => ({
  catalog: () => {
    throw new Error('no catalog in this test');
  },
  siteUrl: 'https://example.test',
  productUrl: (id) => `https://example.test/p/${id}`,
  cursorSecret: fixedCursorSecret('test cursor secret'),
  logError: vi.fn(),
});

const facts = (headers: Record<string, string> = {}): RequestFacts => ({
  method: 'POST',
  pathname: '/mcp',
  search: '',
  client: { address: null },
  header: (name) => headers[name] ?? null,
});

const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
const MODERN_HEADERS = { 'mcp-method': 'tools/call', 'mcp-name': 'echo' };

function message(body: McpMessage['body'], era: McpMessage['era'] = 'legacy', versionHeader: string | null = '2025-06-18'): McpMessage {
  return { era, method: body.method, body, versionHeader, allowances: [] };
}
/** A tools/call; id null: a notification. */
const call = (params: Record<string, unknown>, id: string | number | null = 7): McpMessage['body'] => ({
  jsonrpc: '2.0',
  ...(id === null ? {} : { id }),
  method: 'tools/call',
  params,
});

describe('fastLaneAnswer', () => {
  it("answers a valid 2025 tools/call itself: the tool's result, the SDK's media type and key order", () => {
    const lane = fastLaneAnswer(context(), toolSet, message(call({ name: 'echo', arguments: { text: 'hi' } })), facts());
    expect(lane).not.toBeNull();
    const result = { content: [{ type: 'text', text: '{"text":"hi"}' }], structuredContent: { text: 'hi' } };
    expect(lane!.answer).toEqual({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result, jsonrpc: '2.0', id: 7 }),
    });
    expect(lane!.isError).toBe(false);
  });

  it('reads absent arguments as none (the defaults apply), and keeps a string id', () => {
    const lane = fastLaneAnswer(context(), toolSet, message(call({ name: 'echo' }, 'abc')), facts());
    expect(JSON.parse(lane!.answer.body as string)).toMatchObject({ result: { structuredContent: { text: 'none' } }, id: 'abc' });
  });

  it("says when the tool's result is a tool error, for the metrics", () => {
    const lane = fastLaneAnswer(context(), toolSet, message(call({ name: 'echo', arguments: { text: 'oops' } })), facts());
    expect(lane!.isError).toBe(true);
    expect(JSON.parse(lane!.answer.body as string).result.isError).toBe(true);
  });

  it('answers a tool that throws with a tool error that shows nothing of it, and logs the error', () => {
    const ctx = context();
    const lane = fastLaneAnswer(ctx, toolSet, message(call({ name: 'broken' })), facts());
    expect(lane!.isError).toBe(true);
    expect(lane!.answer.body).not.toContain('secret');
    expect(JSON.parse(lane!.answer.body as string).result.content[0].text).toMatch(/^Internal error/);
    expect(ctx.logError).toHaveBeenCalledTimes(1);
  });

  it('adds what 2026-07-28 results carry when the headers are exactly the required ones', () => {
    const body = call({ name: 'echo', arguments: { text: 'hi' }, _meta: ENVELOPE });
    const lane = fastLaneAnswer(context(), toolSet, message(body, 'modern', '2026-07-28'), facts(MODERN_HEADERS));
    const { result } = JSON.parse(lane!.answer.body as string);
    expect(result).toMatchObject({
      structuredContent: { text: 'hi' },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });
  });

  it('leaves to the SDK a 2026-07-28 call whose headers are not exactly the required ones', () => {
    const body = call({ name: 'echo', arguments: { text: 'hi' }, _meta: ENVELOPE });
    const cases: [string | null, Record<string, string>][] = [
      ['2025-11-25', MODERN_HEADERS],
      [null, MODERN_HEADERS],
      ['2026-07-28', { 'mcp-name': 'echo' }],
      ['2026-07-28', { 'mcp-method': 'tools/call' }],
      ['2026-07-28', { 'mcp-method': 'tools/call', 'mcp-name': 'broken' }],
      ['2026-07-28', { 'mcp-method': 'tools/list', 'mcp-name': 'echo' }],
    ];
    for (const [version, headers] of cases) {
      expect(
        fastLaneAnswer(context(), toolSet, message(body, 'modern', version), facts(headers)),
        JSON.stringify([version, headers]),
      ).toBeNull();
    }
  });

  it('leaves to the SDK every other method, a notification, an unknown tool and arguments the schema refuses', () => {
    const others: McpMessage['body'][] = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      call({ name: 'echo', arguments: { text: 'hi' } }, null),
      call({ name: 'nope', arguments: {} }),
      call({ name: 'echo', arguments: { text: 'too long' } }),
      call({ name: 'echo', arguments: { text: 5 } }),
    ];
    for (const body of others) expect(fastLaneAnswer(context(), toolSet, message(body), facts()), JSON.stringify(body)).toBeNull();
  });
});
