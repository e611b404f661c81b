import type { IncomingMessage } from 'node:http';

/** How much of a body nobody read the server still takes in to keep the connection usable. */
export const DRAIN_BYTES = 1024 * 1024;
/** How long it waits for that rest; a body trickling in slower costs the connection instead. */
export const DRAIN_MS = 2000;

/**
 * Reads a Node request body as UTF-8 text, up to `maxBytes` (null past it, or at once when the
 * declared Content-Length is larger). The rest is left unread: `settleUnreadBody` deals with it once
 * the answer is decided (destroying the request would reset the connection before the answer).
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number, declaredLength: number): Promise<string | null> {
  if (declaredLength > maxBytes) return Promise.resolve(null);
  if (req.readableEnded) return Promise.resolve('');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
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
 * Before an answer is written: a body the handler did not read to its end (a refusal before
 * reading it, or an oversized one) must not stay on a keep-alive connection, where the next request
 * would wait behind it. Up to DRAIN_BYTES arriving within DRAIN_MS are read and dropped and the
 * connection stays open; past that (or with a larger Content-Length) the answer must say
 * `Connection: close`, and Node ends the connection after it.
 */
export async function settleUnreadBody(req: IncomingMessage): Promise<{ close: boolean }> {
  if (req.complete || req.destroyed) return { close: false };
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > DRAIN_BYTES) return { close: true };
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
  return { close: !drained };
}
