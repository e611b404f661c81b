import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startBuiltServer } from '../../support/built-server.ts';
import { exchange, openConnection } from '../../support/raw-http.ts';

/*
 * Clients that send slowly cannot hold a connection open (docs/operations.md, request bounds):
 * a request head within 10 s, a body MCP reads within 10 s of its start, an unread body drained
 * for 2 s at most. Keep-alive connections that send their requests promptly are not cut, however
 * long they live. Self-hosted only: on Netlify the platform receives the request before the
 * function runs.
 */
let server: RunningServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.stop();
});

const open = async () => {
  const socket = await openConnection(server.baseUrl);
  sockets.push(socket);
  return socket;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `head`, then one `drip` every `everyMs` until the server closes; what came back and when. */
async function trickle(head: string, drip: string, everyMs: number): Promise<{ text: string; closedAfterMs: number }> {
  const socket = await open();
  const started = performance.now();
  let text = '';
  socket.on('data', (data: Buffer) => {
    text += data.toString('latin1');
  });
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(drip);
  }, everyMs);
  socket.write(head);
  await new Promise((resolve) => socket.once('close', resolve));
  clearInterval(timer);
  return { text, closedAfterMs: performance.now() - started };
}

const HOST = () => `Host: ${new URL(server.baseUrl).host}\r\n`;

// The cases wait on timers, not on each other: run side by side.
describe.concurrent('slow clients (self-hosted, raw sockets)', () => {
  it('bounds a head, a silent connection and an MCP body to about 10 s, with a 408', async () => {
    const [head, silent, mcp] = await Promise.all([
      trickle(`GET /gpt.json HTTP/1.1\r\n${HOST()}`, 'X-Slow: 1\r\n', 1000),
      trickle('', '', 60_000),
      trickle(
        `POST /mcp HTTP/1.1\r\n${HOST()}Content-Type: application/json\r\nAccept: application/json\r\nContent-Length: 100\r\n\r\n`,
        ' ',
        2000,
      ),
    ]);
    for (const [name, answer] of [
      ['head', head],
      ['silent', silent],
      ['mcp', mcp],
    ] as const) {
      expect(answer.text, name).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.text, name).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer.closedAfterMs, name).toBeGreaterThan(9_000);
      expect(answer.closedAfterMs, name).toBeLessThan(15_000);
    }
    // MCP answers in its own error shape: a JSON-RPC error.
    const body = JSON.parse(mcp.text.slice(mcp.text.indexOf('\r\n\r\n') + 4)) as { error: { code: number; message: string } };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^Request Timeout/) } });
  }, 30_000);

  it('answers a REST request whose unread body trickles within the drain bound, then closes', async () => {
    const rest = await trickle(`POST /api/public/v1/products/1/stats HTTP/1.1\r\n${HOST()}Content-Length: 100\r\n\r\n`, 'x', 1000);
    expect(rest.text).toMatch(/^HTTP\/1\.1 405 /);
    expect(rest.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(rest.text).toContain('"code":"METHOD_NOT_ALLOWED"');
    expect(rest.closedAfterMs).toBeLessThan(6_000);
  });

  it('keeps a keep-alive connection whose requests come promptly, past every bound', async () => {
    const socket = await open();
    const next = `GET /api/public/v1/products/1/stats HTTP/1.1\r\n${HOST()}\r\n`;
    const started = performance.now();
    // Each wait is under the 5 s keep-alive timeout; together they pass the 10 s head bound.
    for (let i = 0; i < 4; i++) {
      const answer = await exchange(socket, next);
      expect(answer.status).toBe(200);
      expect(answer.closes).toBe(false);
      if (i < 3) await sleep(3_500);
    }
    expect(performance.now() - started).toBeGreaterThan(10_000);
  }, 30_000);

  it('answers an MCP body that arrives in pieces within the bound', async () => {
    const socket = await open();
    const message = '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}';
    const head = `POST /mcp HTTP/1.1\r\n${HOST()}Content-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${message.length}\r\n\r\n`;
    const pending = exchange(socket, head, [], 15_000);
    for (const piece of [message.slice(0, 20), message.slice(20, 40), message.slice(40)]) {
      await sleep(1_500);
      socket.write(piece);
    }
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', id: 7, result: { tools: expect.any(Array) } });
  });
});
