import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectSdkClient } from '../../contract/mcp-contract.ts';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { chunkedBody, exchange, openConnection } from '../../support/raw-http.ts';

/*
 * A refused request body must not stay on a keep-alive connection: the server drains up to 1 MiB
 * and keeps the connection, or answers with Connection: close. Self-hosted only: on Netlify the
 * platform reads the whole request before the function runs, and the in-process contract covers it.
 */
let server: RunningServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot'), LOG_LEVEL: 'info' });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => {
  await server?.stop();
});

const open = async () => {
  const socket = await openConnection(server.baseUrl);
  sockets.push(socket);
  return socket;
};
const NEXT = 'GET /api/public/v1/products/1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

/** After the refusal, the next request answers at once: on the same socket, or (after Connection: close) on a new one. */
async function expectNextAnswersPromptly(socket: Socket, closes: boolean) {
  const started = performance.now();
  const next = await exchange(closes ? await open() : socket, NEXT, [], 1500);
  expect(next.status).toBe(200);
  expect(performance.now() - started).toBeLessThan(1000);
}

describe('refused request bodies and keep-alive (self-hosted, one socket)', () => {
  const cases: [string, string, Buffer[], number, boolean][] = [
    [
      'an oversized body within the drain bound',
      'Content-Type: application/json\r\nContent-Length: 204800\r\n',
      [Buffer.alloc(204_800, 0x61)],
      413,
      false,
    ],
    [
      'an oversized body past it',
      'Content-Type: application/json\r\nContent-Length: 2097152\r\n',
      [Buffer.alloc(2_097_152, 0x61)],
      413,
      true,
    ],
    [
      'an oversized chunked body within the bound',
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
      chunkedBody(3, 65_536),
      413,
      false,
    ],
    [
      'an oversized chunked body past it',
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
      chunkedBody(32, 65_536),
      413,
      true,
    ],
    [
      'a 900 KiB body of the wrong media type',
      'Content-Type: text/plain\r\nContent-Length: 921600\r\n',
      [Buffer.alloc(921_600, 0x61)],
      415,
      false,
    ],
    [
      'a 900 KiB body from a foreign origin',
      'Origin: https://evil.example\r\nContent-Type: application/json\r\nContent-Length: 921600\r\n',
      [Buffer.alloc(921_600, 0x61)],
      403,
      false,
    ],
    [
      'a 900 KiB body that is not JSON',
      'Content-Type: application/json\r\nContent-Length: 921600\r\n',
      [Buffer.alloc(921_600, 0x7b)],
      413,
      false,
    ],
  ];
  it.each(cases)('%s: refused, then the connection serves the next request', async (_, headers, body, status, closes) => {
    const socket = await open();
    const refused = await exchange(socket, post('/mcp', headers), body);
    expect(refused.status).toBe(status);
    expect(JSON.parse(refused.body).error.code).toBeTypeOf('number');
    expect(refused.closes).toBe(closes);
    await expectNextAnswersPromptly(socket, closes);
  });

  it('a body the REST API does not take (405 on POST) is drained too', async () => {
    const socket = await open();
    const refused = await exchange(socket, post('/api/public/v1/products/1/stats', 'Content-Length: 921600\r\n'), [
      Buffer.alloc(921_600, 0x61),
    ]);
    expect(refused.status).toBe(405);
    await expectNextAnswersPromptly(socket, refused.closes);
  });

  it('a client that leaves mid-body is one log line, not a stack, and the server carries on', async () => {
    const socket = await open();
    socket.write(`${post('/mcp', 'Content-Type: application/json\r\nContent-Length: 1000\r\n')}{"jsonrpc":`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server.output().split('\n');
    const aborted = lines.filter((line) => line.includes('"aborted":true')).map((line) => JSON.parse(line));
    expect(aborted).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request aborted by the client', method: 'POST', route: '/mcp', status: null }),
    ]);
    expect(lines.filter((line) => /^\s+at |"stack"/.test(line))).toEqual([]);
    await expectNextAnswersPromptly(await open(), false);
  });

  it('an SDK client in the same process calls tools after oversized POSTs through the shared connection pool', async () => {
    const big = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    await big.text();
    // Without Content-Length: a streamed body goes out chunked.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new Uint8Array(65_536).fill(0x61));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    await chunked.text();

    const client = await connectSdkClient((request) => {
      const url = new URL(request.url);
      return fetch(new Request(server.baseUrl + url.pathname, request));
    });
    try {
      for (let i = 0; i < 5; i++) {
        const result = await client.callTool({ name: 'get_product', arguments: { productId: 1 } });
        expect(result.isError ?? false).toBe(false);
      }
    } finally {
      await client.close();
    }
  });
});
