import type { IncomingMessage } from 'node:http';

/** How much of a body nobody read the server still takes in to keep the connection usable. */
export const DRAIN_BYTES = 1024 * 1024;
/** How long it waits for that rest; a body trickling in slower costs the connection instead. */
export const DRAIN_MS = 2000;

/**
 * A Web stream over a Node request body that reads only when pulled. Cancelling it leaves the
 * socket alone: what is left of the body is for `settleUnreadBody` to deal with, after the answer
 * is decided (destroying the request would reset the connection before the answer goes out).
 */
export function lazyBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve) => {
          const done = (settle: () => void) => {
            req.off('readable', read);
            req.off('end', end);
            req.off('close', closed);
            settle();
            resolve();
          };
          const read = () => {
            const chunk = req.read() as Buffer | null;
            if (chunk !== null) done(() => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
          };
          const end = () => done(() => controller.close());
          // The client went away mid-body.
          const closed = () => done(() => (req.complete ? controller.close() : controller.error(new Error('request aborted'))));
          if (req.readableEnded) return end();
          req.on('readable', read);
          req.once('end', end);
          req.once('close', closed);
          read();
        });
      },
    },
    { highWaterMark: 0 },
  );
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
