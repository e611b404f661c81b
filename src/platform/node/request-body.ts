import type { IncomingMessage } from 'node:http';
import { BodyTimeoutError } from '../../http/read-body.ts';

/** How much of a body nobody read the server still takes in to keep the connection usable. */
export const DRAIN_BYTES = 1024 * 1024;
/** How long it waits for that rest; a body trickling in slower costs the connection instead. */
export const DRAIN_MS = 2000;
/** How long a connection closed on a client still sending keeps reading (and dropping) what comes. */
export const LINGER_MS = 2000;
/**
 * How long a body a route reads (MCP's, at most 64 KiB) may take to arrive whole, from when the
 * route starts reading it: a client trickling it in would hold a request open for as long as it
 * likes. Past it the read rejects with BodyTimeoutError (the route answers 408) and the
 * connection closes after the answer.
 */
export const BODY_TIMEOUT_MS = 10_000;

/** Requests whose body read timed out: their connection is closed after the answer, not drained. */
const timedOut = new WeakSet<IncomingMessage>();

/**
 * Reads a Node request body as UTF-8 text, up to `maxBytes` (null past it, or at once when the
 * declared Content-Length is larger), within `timeoutMs` (BodyTimeoutError past it). The rest is
 * left unread: `settleUnreadBody` deals with it once the answer is decided (destroying the request
 * would reset the connection before the answer).
 */
export function readNodeBody(
  req: IncomingMessage,
  maxBytes: number,
  declaredLength: number,
  timeoutMs = BODY_TIMEOUT_MS,
): Promise<string | null> {
  if (declaredLength > maxBytes) return Promise.resolve(null);
  if (req.readableEnded) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const expired = () => {
      done();
      req.pause();
      timedOut.add(req);
      reject(new BodyTimeoutError(timeoutMs));
    };
    const timer = setTimeout(expired, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      req.off('data', take);
      req.off('end', ended);
      req.off('close', closed);
    };
    const take = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= maxBytes) chunks.push(chunk);
      else {
        done();
        req.pause();
        resolve(null);
      }
    };
    const ended = () => {
      done();
      resolve(Buffer.concat(chunks, total).toString('utf8'));
    };
    // The client went away mid-body.
    const closed = () => {
      done();
      reject(new Error('request aborted'));
    };
    req.on('data', take);
    req.once('end', ended);
    req.once('close', closed);
  });
}

/**
 * Whether a body may still be arriving: one is declared (Content-Length above 0, or
 * Transfer-Encoding) and the parser has not seen its end. (`complete` alone does not tell: in the
 * request handler it is false even for a GET without a body.)
 */
export function bodyPending(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') return true;
    if (name.length === 14 && name.toLowerCase() === 'content-length' && raw[i + 1] !== '0') return true;
  }
  return false;
}

/**
 * Before an answer is written: a body the handler did not read to its end (a refusal before
 * reading it, or an oversized one) must not stay on a keep-alive connection, where the next request
 * would wait behind it. Up to DRAIN_BYTES arriving within DRAIN_MS are read and dropped and the
 * connection stays open; past that (or with a larger Content-Length) the answer must say
 * `Connection: close`, and the connection then ends with a lingering close (below).
 */
export async function settleUnreadBody(req: IncomingMessage): Promise<{ close: boolean }> {
  if (req.destroyed || !bodyPending(req)) return { close: false };
  // A client that took too long to send the body it owed does not get a second wait.
  if (timedOut.has(req)) return lingerOnClose(req);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > DRAIN_BYTES) return lingerOnClose(req);
  const drained = await new Promise<boolean>((resolve) => {
    let taken = 0;
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      req.off('data', take);
      req.off('end', ended);
      req.off('close', closed);
      req.pause();
      resolve(ok);
    };
    const take = (chunk: Buffer) => {
      taken += chunk.byteLength;
      if (taken > DRAIN_BYTES) finish(false);
    };
    const ended = () => finish(true);
    const closed = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MS);
    req.on('data', take);
    req.once('end', ended);
    req.once('close', closed);
    req.resume();
  });
  return drained ? { close: false } : lingerOnClose(req);
}

/**
 * Ends a connection whose client may still be sending a body nobody reads, without losing the
 * answer: Node would close the socket as soon as the answer is flushed, and closing with unread
 * data resets the connection, which can discard the answer before the client reads it. Here the
 * socket says it is done (FIN), drops what still arrives, and closes when the client does or after
 * LINGER_MS (the "lingering close" of Apache and nginx). For an answer with `Connection: close`:
 * Node calls the socket's destroySoon once that answer is written.
 */
function lingerOnClose(req: IncomingMessage): { close: true } {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    req.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  };
  return { close: true };
}
