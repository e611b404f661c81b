import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * Warm function instances for NetlifyDev. Its Node runtime (@netlify/functions-dev, dist/main.js,
 * `nodeJSRuntime.invokeFunction`) starts a fresh worker for every request, which imports the
 * whole bundle again: about a second a request, most of the emulated suite's time
 * (docs/operations.md, "Tests"). Netlify itself keeps an instance warm between requests, so this
 * keeps one worker per bundle and per environment and sends each request to it, building the
 * event and reading the result exactly as the runtime does. Each request's environment is the
 * process's at the time (the tests set the snapshot and the quotas per request): a new
 * environment gets an instance of its own, started cold.
 */

type LambdaResult = {
  statusCode?: number;
  headers?: Record<string, unknown>;
  multiValueHeaders?: Record<string, unknown[]>;
  body?: unknown;
  streamPort?: number;
};
type Invocation = {
  context: unknown;
  environment: Record<string, string>;
  func: { getBuildData(): Promise<{ runtimeAPIVersion?: number; buildPath?: string } | undefined>; mainFile: string };
  request: Request;
  route: unknown;
  timeout: number;
};
export type Runtime = { invokeFunction(invocation: Invocation): Promise<Response> };

const fromEmulator = createRequire(import.meta.resolve('@netlify/functions-dev'));
// The emulator's own helper, so requests are encoded as it encodes them.
const { shouldBase64Encode } = (await import(pathToFileURL(fromEmulator.resolve('@netlify/dev-utils')).href)) as {
  shouldBase64Encode(contentType: string): boolean;
};

/** The runtime's lambdaEventFromWebRequest, as it is in @netlify/functions-dev. */
async function lambdaEvent(request: Request, route: unknown) {
  const url = new URL(request.url);
  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  url.searchParams.forEach((value, key) => {
    queryStringParameters[key] = queryStringParameters[key] ? `${queryStringParameters[key]},${value}` : value;
    multiValueQueryStringParameters[key] = [...(multiValueQueryStringParameters[key] ?? []), value];
  });
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
    multiValueHeaders[key] = value.split(',').map((part) => part.trim());
  });
  return {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    body: (await request.text()) || null,
    isBase64Encoded: shouldBase64Encode(request.headers.get('content-type') ?? ''),
    route,
  };
}

/** The runtime's webResponseFromLambdaResponse, as it is there. */
function webResponse(result: LambdaResult, body: unknown): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) if (value !== undefined) headers.set(name.toLowerCase(), String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
    for (const value of values) headers.append(name.toLowerCase(), String(value));
  return new Response(body as BodyInit | null, { headers, status: result.statusCode });
}

class WarmInstance {
  readonly #worker: Worker;
  readonly #ready: Promise<void>;
  readonly #pending = new Map<number, { resolve(result: LambdaResult): void; reject(error: Error): void }>();
  #next = 0;

  constructor(entryFilePath: string, environment: Record<string, string>) {
    this.#worker = new Worker(new URL('./netlify-warm-worker.ts', import.meta.url), {
      workerData: { entryFilePath },
      env: { ...process.env, ...environment },
    });
    this.#ready = new Promise((resolve, reject) => {
      this.#worker.on('message', (message: { ready?: true; id?: number; result?: LambdaResult; error?: string }) => {
        if (message.ready) return resolve();
        const waiting = this.#pending.get(message.id ?? -1);
        this.#pending.delete(message.id ?? -1);
        if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.result ?? {});
      });
      this.#worker.on('error', (error) => {
        reject(error);
        for (const waiting of this.#pending.values()) waiting.reject(error);
        this.#pending.clear();
      });
    });
  }

  async invoke(clientContext: string, event: unknown, timeoutMs: number): Promise<LambdaResult> {
    await this.#ready;
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, clientContext, event, timeoutMs });
    });
  }

  stop(): Promise<number> {
    return this.#worker.terminate();
  }
}

const instances = new Map<string, WarmInstance>();

/** Sends the runtime's Lambda-compatible (API version 2) invocations to warm instances. */
export function keepFunctionsWarm(runtime: Runtime): void {
  const cold = runtime.invokeFunction.bind(runtime);
  runtime.invokeFunction = async (invocation) => {
    const { context, environment, func, request, route, timeout } = invocation;
    const buildData = await func.getBuildData();
    if (buildData?.runtimeAPIVersion !== 2) return cold(invocation);
    const entryFilePath = pathToFileURL(buildData.buildPath ?? func.mainFile).href;
    const key = JSON.stringify([entryFilePath, environment, process.env]);
    let instance = instances.get(key);
    if (instance === undefined) {
      instance = new WarmInstance(entryFilePath, environment);
      instances.set(key, instance);
    }
    const result = await instance.invoke(JSON.stringify(context), await lambdaEvent(request, route), timeout * 1000);
    const { streamPort } = result;
    if (streamPort === undefined) return webResponse(result, result.body);
    const body = await new Promise<unknown>((resolve, reject) => {
      const socket = createConnection({ port: streamPort, host: 'localhost' }, () => resolve(socket));
      socket.on('error', reject);
    });
    return webResponse(result, body);
  };
}

/** Ends every warm instance (when the emulator stops). */
export async function stopWarmFunctions(): Promise<void> {
  const stopping = [...instances.values()].map((instance) => instance.stop());
  instances.clear();
  await Promise.all(stopping);
}
