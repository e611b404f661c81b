/**
 * Reads a request body as UTF-8 text, stopping as soon as it passes `maxBytes` (null then): a
 * declared Content-Length over the cap is refused before reading, an undeclared one while reading.
 * The rest is left unread, not cancelled: the server adapter drains a bounded amount or closes the
 * connection after the answer (cancelling would reset the connection before the answer is sent).
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) return null;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A request body that did not arrive whole within the platform's bound (the self-hosted server's
 * BODY_TIMEOUT_MS): the route answers 408 and the connection is closed after it.
 */
export class BodyTimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`the request body did not arrive within ${timeoutMs} ms`);
    this.name = 'BodyTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}
