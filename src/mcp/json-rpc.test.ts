import { describe, expect, it } from 'vitest';
import { idOf, JSON_RPC, JSON_RPC_ERRORS, jsonRpcErrorAnswer } from './json-rpc.ts';

describe('jsonRpcErrorAnswer', () => {
  it('is a JSON-RPC 2.0 error with the given status, never stored, readable by browser pages', () => {
    const answer = jsonRpcErrorAnswer(415, JSON_RPC.serverError, 'Unsupported Media Type', 'req-1');
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body as string)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Unsupported Media Type' },
      id: 'req-1',
    });
    expect(answer.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    });
    expect(answer.headers['Access-Control-Expose-Headers']).toContain('Mcp-Session-Id');
  });

  it('answers id null when none is given, and carries data only when there is some', () => {
    const bare = JSON.parse(jsonRpcErrorAnswer(400, JSON_RPC.parseError, 'Parse error').body as string);
    expect(bare).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    expect(bare.error).not.toHaveProperty('data');
    const withData = JSON.parse(
      jsonRpcErrorAnswer(400, JSON_RPC.unsupportedProtocolVersion, 'x', 3, {}, { supported: ['a'] }).body as string,
    );
    expect(withData.error).toEqual({ code: -32022, message: 'x', data: { supported: ['a'] } });
    // Falsy data is still data.
    expect(JSON.parse(jsonRpcErrorAnswer(400, -32000, 'x', 0, {}, null).body as string)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'x', data: null },
      id: 0,
    });
  });

  it('lets the caller add headers, and override the defaults', () => {
    const answer = jsonRpcErrorAnswer(429, JSON_RPC.serverError, 'Too many requests', 1, {
      'Retry-After': '7',
      'Cache-Control': 'private',
    });
    expect(answer.headers['Retry-After']).toBe('7');
    expect(answer.headers['Cache-Control']).toBe('private');
  });
});

describe("JSON_RPC_ERRORS' 500", () => {
  it('is a 500 internal error that says nothing of the failure', () => {
    const answer = JSON_RPC_ERRORS.answer('INTERNAL_ERROR');
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body as string)).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
  });
});

describe('idOf', () => {
  it('keeps a string or finite number id, so the client can match the error', () => {
    for (const id of ['a', '', 0, -1, 1.5, 2 ** 53]) expect(idOf({ id }), JSON.stringify(id)).toBe(id);
  });

  it('keeps any other number as the JSON text it came as, when given the text, and an answer echoes that text', () => {
    for (const id of ['1.5', '1.50', '123456789012345678901234567890', '-1e400', '2e0']) {
      const text = `{"params":{"id":7},"id":${id},"jsonrpc":"2.0"}`;
      const read = idOf(JSON.parse(text), text);
      const answer = jsonRpcErrorAnswer(400, JSON_RPC.invalidRequest, 'x', read);
      // 2e0 is the integer 2, kept as the number.
      expect(answer.body, id).toBe(`{"jsonrpc":"2.0","error":{"code":-32600,"message":"x"},"id":${id === '2e0' ? 2 : id}}`);
    }
  });

  it('gives null for anything else, and for what is not an object', () => {
    for (const message of [
      { id: null },
      { id: true },
      { id: {} },
      { id: [1] },
      { id: Number.NaN },
      { id: Infinity },
      {},
      null,
      undefined,
      'x',
      5,
    ]) {
      expect(idOf(message), String(message && JSON.stringify(message))).toBeNull();
    }
  });
});
