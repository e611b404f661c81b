import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 answer as it came off the socket. */
export interface RawAnswer {
  status: number;
  head: string;
  /** The answer said Connection: close: the client must not send another request on this socket. */
  closes: boolean;
  body: string;
}

/** An HTTP/1.1 connection driven byte by byte, so a test controls framing, sizes and keep-alive. */
export async function openConnection(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  // A reset after a Connection: close answer is the server's right; the test looks at the answers.
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/**
 * Writes a request head and its body chunks (without waiting for the body to be taken in) and
 * resolves with the first complete answer, or rejects after `timeoutMs`.
 */
export function exchange(socket: Socket, head: string, body: Buffer[] = [], timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => done(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    const done = (error: Error | null, answer?: RawAnswer) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      if (error) reject(error);
      else resolve(answer!);
    };
    const onClose = () => done(new Error('the connection closed before a complete answer'));
    const onData = (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const headText = received.subarray(0, end).toString('latin1');
      const rest = received.subarray(end + 4);
      const length = /\r\ncontent-length: *(\d+)/i.exec(headText)?.[1];
      let bodyText: string | null = null;
      if (length !== undefined && rest.length >= Number(length)) bodyText = rest.subarray(0, Number(length)).toString('utf8');
      if (/\r\ntransfer-encoding: *chunked/i.test(headText) && rest.includes('0\r\n\r\n')) bodyText = dechunk(rest);
      if (bodyText === null) return;
      done(null, {
        status: Number(headText.split(' ')[1]),
        head: headText,
        closes: /\r\nconnection: *close/i.test(headText),
        body: bodyText,
      });
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(head);
    void (async () => {
      for (const chunk of body) {
        if (socket.destroyed || socket.writableEnded) return;
        await new Promise((written) => socket.write(chunk, written));
      }
    })();
  });
}

function dechunk(data: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = data.indexOf('\r\n', at);
    const size = Number.parseInt(data.subarray(at, line).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts).toString('utf8');
    parts.push(data.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

/** A body in chunked transfer coding: `count` chunks of `size` bytes, then the last chunk. */
export function chunkedBody(count: number, size: number): Buffer[] {
  const chunk = Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 0x61), Buffer.from('\r\n')]);
  return [...Array.from({ length: count }, () => chunk), Buffer.from('0\r\n\r\n')];
}

/** One answer of a request sent on a connection of its own (the server closes it after). */
export interface OnceAnswer {
  status: number;
  /** Header names in lower case; repeats joined with ", ". */
  headers: Map<string, string>;
  body: Buffer;
}

/**
 * Sends one request exactly as given (method, request target and headers untouched: no
 * normalising client in between) with `Connection: close`, and reads the answer until the server
 * closes the connection; a HEAD, 204 or 304 answer needs no framing to end. Rejects when no answer
 * came within `timeoutMs`.
 */
export function requestOnce(
  baseUrl: string,
  request: { method: string; target: string; headers?: readonly [string, string][]; body?: Buffer },
  timeoutMs = 10_000,
): Promise<OnceAnswer> {
  const { host } = new URL(baseUrl);
  const body = request.body ?? null;
  const lines = [`${request.method} ${request.target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  for (const [name, value] of request.headers ?? []) lines.push(`${name}: ${value}`);
  if (body !== null) lines.push(`Content-Length: ${body.byteLength}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${request.method} ${request.target}`));
    }, timeoutMs);
    // A reset after the answer (the server closing on a body it did not read) still leaves the answer.
    socket.on('error', () => {});
    socket.on('data', (data: Buffer) => received.push(data));
    socket.once('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(received);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) {
        reject(new Error(`no complete answer to ${request.method} ${request.target}: ${JSON.stringify(all.toString('latin1'))}`));
        return;
      }
      const [statusLine = '', ...fields] = all.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map<string, string>();
      for (const field of fields) {
        const colon = field.indexOf(':');
        const name = field.slice(0, colon).trim().toLowerCase();
        const value = field.slice(colon + 1).trim();
        headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
      }
      let rest: Buffer = all.subarray(end + 4);
      if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) rest = dechunkBytes(rest);
      else if (headers.has('content-length')) rest = rest.subarray(0, Number(headers.get('content-length')));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest });
    });
    socket.write(body === null ? head : Buffer.concat([head, body]));
  });
}

function dechunkBytes(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = data.indexOf('\r\n', at);
    if (line < 0) return Buffer.concat(parts);
    const size = Number.parseInt(data.subarray(at, line).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(data.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}
