import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type BodyRequest, WebRequestFacts } from '../http/answer.ts';
import { BodyTimeoutError } from '../http/read-body.ts';
import { JSON_RPC } from './json-rpc.ts';
import { MAX_BODY_BYTES, type McpMessage, type McpRefusal, readMessage } from './read-message.ts';
import type { ToolSet } from './tool-list.ts';
import { defineTool, structuredResult } from './tools/tool-definition.ts';

/** One made-up tool: what the checks read of a tool set is its names. */
const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  summary: 'Echoes its text.',
  description: 'Echoes its text.',
  inputSchema: z.object({ text: z.string() }),
  outputSchema: z.object({ text: z.string() }),
  run: (_ctx, args) => structuredResult({ text: args.text }),
});
const toolSet: ToolSet = { tools: [echo], byName: new Map([[echo.name, echo]]), instructions: '', views: false };

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
};
const MODERN_CALL_HEADERS = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' };
const LEGACY = { 'mcp-protocol-version': '2025-06-18' };

const request = (body: string, headers: Record<string, string>): BodyRequest =>
  new WebRequestFacts(new Request('http://localhost/mcp', { method: 'POST', headers, body }));

/** A POST of `body` (JSON unless a string) as application/json, with `headers` besides. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  readMessage(request(typeof body === 'string' ? body : JSON.stringify(body), { 'content-type': 'application/json', ...headers }), toolSet);

const call = (params: Record<string, unknown>, id: string | number = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

/** A request whose body cannot be read as `fails` says. */
const unreadable = (fails: () => Promise<never>): BodyRequest => ({
  ...request('', { 'content-type': 'application/json' }),
  header: (name) => (name === 'content-type' ? 'application/json' : null),
  text: fails,
});

function refusal(outcome: McpMessage | McpRefusal): McpRefusal {
  expect(outcome, JSON.stringify(outcome)).toHaveProperty('code');
  return outcome as McpRefusal;
}

function message(outcome: McpMessage | McpRefusal): McpMessage {
  expect(outcome, JSON.stringify(outcome)).toHaveProperty('era');
  return outcome as McpMessage;
}

describe('readMessage: what passes', () => {
  it('a 2025 request, with the header it was sent under', async () => {
    const body = call({ name: 'echo', arguments: { text: 'hi' } }, 'a-1');
    expect(await post(body, LEGACY)).toEqual({ era: 'legacy', method: 'tools/call', body, versionHeader: '2025-06-18', allowances: [] });
  });

  it('a request with no version header (the oldest revisions), and a notification (no id)', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    expect(message(await post(initialize))).toMatchObject({ era: 'legacy', method: 'initialize', versionHeader: null });
    const notification = { jsonrpc: '2.0', method: 'notifications/initialized' };
    expect(message(await post(notification, LEGACY))).toMatchObject({ era: 'legacy', body: notification });
  });

  it('a 2026-07-28 request with its envelope', async () => {
    const body = call({ name: 'echo', arguments: { text: 'hi' }, _meta: ENVELOPE });
    expect(await post(body, MODERN_CALL_HEADERS)).toEqual({
      era: 'modern',
      method: 'tools/call',
      body,
      versionHeader: '2026-07-28',
      allowances: [],
    });
  });

  it('the client allowances, named: a repeated header, and the envelope under a 2025 header', async () => {
    const repeated = message(await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-protocol-version': '2025-11-25, 2025-11-25' }));
    expect(repeated).toMatchObject({ versionHeader: '2025-11-25', allowances: ['repeated-version-header'] });
    const underOther = message(
      await post(call({ name: 'echo', arguments: {}, _meta: ENVELOPE }), { ...MODERN_CALL_HEADERS, 'mcp-protocol-version': '2025-11-25' }),
    );
    expect(underOther).toMatchObject({ era: 'modern', versionHeader: '2026-07-28', allowances: ['envelope-under-other-header'] });
  });

  it('a content type in any case, with parameters', async () => {
    for (const type of ['APPLICATION/JSON', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', ' application/json ']) {
      const outcome = await readMessage(request('{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'content-type': type }), toolSet);
      expect(message(outcome).method, type).toBe('ping');
    }
  });

  it('a body of exactly the maximum size', async () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const padded = text.slice(0, -1) + ' '.repeat(MAX_BODY_BYTES - text.length) + text.slice(-1);
    expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
    expect(message(await post(padded)).method).toBe('ping');
  });
});

describe('readMessage: refusals, in the order a client can fix them', () => {
  it('415 for anything but application/json, before reading the body', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/jsonx' },
      { 'content-type': 'application/json-seq' },
    ];
    for (const headers of cases) {
      const outcome = refusal(await readMessage(request('not even JSON', headers), toolSet));
      expect(outcome, JSON.stringify(headers)).toEqual({
        status: 415,
        code: JSON_RPC.serverError,
        message: 'Unsupported Media Type: send Content-Type: application/json',
        id: null,
      });
    }
  });

  it('413 past the maximum size, one byte is enough', async () => {
    const outcome = refusal(await post(`{"jsonrpc":"2.0","id":1,"method":"ping"}${' '.repeat(MAX_BODY_BYTES)}`));
    expect(outcome).toEqual({
      status: 413,
      code: JSON_RPC.serverError,
      message: `Request body too large: at most ${MAX_BODY_BYTES} bytes`,
      id: null,
    });
    const justOver = `{"jsonrpc":"2.0","id":1,"method":"ping"}`.padEnd(MAX_BODY_BYTES + 1, ' ');
    expect(refusal(await post(justOver)).status).toBe(413);
  });

  it('408 when the body did not arrive in time (naming the bound), 400 when the client went away', async () => {
    const late = refusal(
      await readMessage(
        unreadable(() => Promise.reject(new BodyTimeoutError(2500))),
        toolSet,
      ),
    );
    expect(late).toEqual({
      status: 408,
      code: JSON_RPC.serverError,
      message: 'Request Timeout: the request body did not arrive within 2.5 s',
      id: null,
    });
    const gone = refusal(
      await readMessage(
        unreadable(() => Promise.reject(new Error('aborted'))),
        toolSet,
      ),
    );
    expect(gone).toEqual({ status: 400, code: JSON_RPC.parseError, message: 'Parse error: the request body could not be read', id: null });
  });

  it('400 parse error for what is not JSON, the empty body included', async () => {
    for (const text of ['', '{', '{"jsonrpc":"2.0",}', "{'jsonrpc':'2.0'}", 'undefined']) {
      expect(refusal(await post(text)), JSON.stringify(text)).toEqual({
        status: 400,
        code: JSON_RPC.parseError,
        message: 'Parse error: the body is not valid JSON',
        id: null,
      });
    }
  });

  it('400 for a batch, even of valid messages', async () => {
    const outcome = refusal(await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }]));
    expect(outcome).toMatchObject({ status: 400, code: JSON_RPC.invalidRequest, id: null });
    expect(outcome.message).toMatch(/batches are not supported/);
  });

  it('400 for what is not a JSON-RPC 2.0 request or notification, with its id when it has a usable one', async () => {
    const cases: [unknown, string | number | null][] = [
      [null, null],
      ['ping', null],
      [42, null],
      [{ id: 1, method: 'ping' }, 1],
      [{ jsonrpc: '1.0', id: 2, method: 'ping' }, 2],
      [{ jsonrpc: 2, id: 'x', method: 'ping' }, 'x'],
      [{ jsonrpc: '2.0', id: 3 }, 3],
      [{ jsonrpc: '2.0', id: 4, method: 7 }, 4],
      [{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, 1.5],
      [{ jsonrpc: '2.0', id: null, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: true, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: 2 ** 53, method: 'ping' }, 2 ** 53],
      [{ jsonrpc: '2.0', id: 5, method: 'ping', params: [] }, 5],
      [{ jsonrpc: '2.0', id: 6, method: 'ping', params: null }, 6],
      [{ jsonrpc: '2.0', id: 7, method: 'ping', params: 'x' }, 7],
      // A response is the server's to send.
      [{ jsonrpc: '2.0', id: 8, result: {} }, 8],
    ];
    for (const [body, id] of cases) {
      const outcome = refusal(await post(JSON.stringify(body), LEGACY));
      expect(outcome, JSON.stringify(body)).toMatchObject({ status: 400, code: JSON_RPC.invalidRequest });
      // As JSON: a number JavaScript cannot hold as an id is kept as its text (JSON.rawJSON).
      expect(JSON.stringify(outcome.id), JSON.stringify(body)).toBe(JSON.stringify(id));
      expect(outcome.message).toMatch(/^Invalid Request: expected a JSON-RPC 2.0 object/);
      expect(outcome).not.toHaveProperty('method');
    }
  });

  it('refuses an id that is no string or integer JavaScript holds exactly, in words that state that rule, echoing it as sent', async () => {
    const rule = /an optional id \(a string, or an integer from -9007199254740991 to 9007199254740991\)/;
    for (const id of ['1.5', '123456789012345678901234567890', '-9007199254740992', '1.50', '1e400']) {
      const outcome = refusal(await post(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`, LEGACY));
      expect(outcome.message, id).toMatch(rule);
      expect(outcome.message, id).not.toMatch(/number id/);
      // Echoed as the very JSON text sent.
      expect(JSON.stringify({ id: outcome.id }), id).toBe(`{"id":${id}}`);
    }
    for (const id of ['9007199254740991', '-9007199254740991', '"9007199254740993"'])
      expect(await post(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`, LEGACY), id).toHaveProperty('era');
  });

  it('400 for an unserved revision in the header, listing the served ones, the echo cut to 40 characters', async () => {
    const outcome = refusal(await post({ jsonrpc: '2.0', id: 9, method: 'ping' }, { 'mcp-protocol-version': '1999-01-01' }));
    expect(outcome).toEqual({
      status: 400,
      code: JSON_RPC.unsupportedProtocolVersion,
      message: 'Unsupported protocol version: "1999-01-01". Supported: 2026-07-28, 2025-11-25, 2025-06-18',
      id: 9,
      data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '1999-01-01' },
      method: 'ping',
    });
    const long = refusal(await post({ jsonrpc: '2.0', id: 9, method: 'ping' }, { 'mcp-protocol-version': 'x'.repeat(500) }));
    expect(long.data).toMatchObject({ requested: 'x'.repeat(40) });
    expect(long.message).not.toContain('x'.repeat(41));
    // A repeated header is an allowance only for one served value repeated.
    const mixed = refusal(await post({ jsonrpc: '2.0', id: 9, method: 'ping' }, { 'mcp-protocol-version': '2025-11-25, 2025-06-18' }));
    expect(mixed).toMatchObject({ status: 400, code: JSON_RPC.unsupportedProtocolVersion });
  });

  it("the SDK's own refusals: headers that disagree with the body, a 2026-07-28 header without the envelope", async () => {
    const disagree = refusal(await post(call({ name: 'echo', _meta: ENVELOPE }), { ...MODERN_CALL_HEADERS, 'mcp-method': 'tools/list' }));
    expect(disagree).toMatchObject({ status: 400, id: 1, method: 'tools/call' });
    expect(disagree.message).toMatch(/headers and body disagree/);
    const bare = refusal(await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-protocol-version': '2026-07-28' }));
    expect(bare).toMatchObject({ status: 400, code: JSON_RPC.invalidParams, id: 2, method: 'ping' });
    expect(bare.message).toMatch(/envelope/);
  });

  it('invalid params read as the first problem, named by its path (answered 200, as JSON-RPC errors are)', async () => {
    const cases: [Record<string, unknown>, Record<string, string>, string][] = [
      [call({ name: 'echo', arguments: [] }), LEGACY, 'Invalid params: params.arguments: expected an object, received array'],
      [call({ arguments: {} }), LEGACY, 'Invalid params: params.name: expected a string (missing)'],
      [
        call({ name: 'echo', arguments: 5, _meta: ENVELOPE }),
        MODERN_CALL_HEADERS,
        'Invalid params: params.arguments: expected an object, received number',
      ],
      [{ jsonrpc: '2.0', id: 1, method: 'resources/read', params: {} }, LEGACY, 'Invalid params: params.uri: expected a string (missing)'],
    ];
    for (const [body, headers, text] of cases) {
      expect(refusal(await post(body, headers))).toEqual({
        status: 200,
        code: JSON_RPC.invalidParams,
        message: text,
        id: 1,
        method: body.method,
      });
    }
  });

  it('an unknown tool, naming the tools there are (the name cut to 80 characters)', async () => {
    expect(refusal(await post(call({ name: 'nope' }, 'c'), LEGACY))).toEqual({
      status: 200,
      code: JSON_RPC.invalidParams,
      message: 'Unknown tool: "nope". Tools: echo',
      id: 'c',
      method: 'tools/call',
    });
    const modern = refusal(await post(call({ name: 'nope', _meta: ENVELOPE }), { ...MODERN_CALL_HEADERS, 'mcp-name': 'nope' }));
    expect(modern.message).toBe('Unknown tool: "nope". Tools: echo');
    const long = refusal(await post(call({ name: 'n'.repeat(200) }), LEGACY));
    expect(long.message).toBe(`Unknown tool: "${'n'.repeat(80)}". Tools: echo`);
  });
});
