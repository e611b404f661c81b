import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';

/*
 * One warm instance of a bundled Netlify Function (netlify-warm-functions.ts): the bundle is
 * imported once, then every invocation posted to it runs through lambda-local, as NetlifyDev's
 * own worker (@netlify/functions-dev, dist/worker.js) runs its single one. A streamed body goes
 * back through a loopback socket, as there.
 */
type Invocation = { id: number; clientContext: string; event: unknown; timeoutMs: number };
type Result = { statusCode?: number; body?: unknown; [key: string]: unknown };

// The emulator's own lambda-local, resolved from it (not a dependency of this project).
const fromEmulator = createRequire(import.meta.resolve('@netlify/functions-dev'));
const lambdaLocal = fromEmulator('lambda-local') as {
  execute(options: Record<string, unknown>): Promise<Result>;
  getLogger(): { level: string };
};
lambdaLocal.getLogger().level = 'alert';

const { entryFilePath } = workerData as { entryFilePath: string };
const lambdaFunc: unknown = await import(entryFilePath);

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const isReadable = (body: unknown): body is Readable => typeof (body as Readable | undefined)?.pipe === 'function';

/** A port that serves the streamed body once, or undefined when the body is not a stream. */
function streamPort(result: Result): Promise<number | undefined> {
  const { body } = result;
  if (!isReadable(body)) return Promise.resolve(undefined);
  delete result.body;
  if (NULL_BODY_STATUS.has(result.statusCode ?? 200)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      body.pipe(socket).on('end', () => server.close());
    });
    server.on('error', reject);
    server.listen({ port: 0, host: 'localhost' }, () => {
      const address = server.address();
      resolve(address !== null && typeof address !== 'string' ? address.port : undefined);
    });
  });
}

parentPort?.on('message', async ({ id, clientContext, event, timeoutMs }: Invocation) => {
  try {
    const result = await lambdaLocal.execute({ clientContext, event, lambdaFunc, region: 'dev', timeoutMs, verboseLevel: 3 });
    const port = await streamPort(result);
    parentPort?.postMessage({ id, result: { ...result, streamPort: port } });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
