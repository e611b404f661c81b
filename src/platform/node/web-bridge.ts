import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A Web Request with a Node request's method and headers, for the routes that need one (the MCP
 * SDK); the body is not in it: the route has read it already. The URL is built on the configured
 * origin, not on the client's Host header, so a hostile Host cannot change routing; the header
 * itself is passed on untouched for the handlers that check it.
 */
export function toWebRequest(req: IncomingMessage, origin: string): Request {
  const headers: [string, string][] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.push([raw[i]!, raw[i + 1]!]);
  return new Request(origin + req.url, { method: req.method ?? 'GET', headers });
}

/** Writes a Web Response to a Node response, streaming the body; `close` ends the connection after it. */
export async function sendWebResponse(res: ServerResponse, response: Response, close = false): Promise<void> {
  const headers: string[] = close ? ['Connection', 'close'] : [];
  response.headers.forEach((value, name) => {
    // Set-Cookie is never produced by this service; Headers.forEach joins others correctly.
    headers.push(name, value);
  });
  res.writeHead(response.status, headers);
  if (response.body === null) res.end();
  else await sendWebBody(res, response.body);
}

/** Streams a Web body to a Node response; aborts cleanly on client loss. */
export async function sendWebBody(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (!res.write(value)) {
        await new Promise((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
  }
}
