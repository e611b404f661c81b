import { NetlifyDev } from '@netlify/dev';
// NetlifyDev's own function runner (a dependency of @netlify/dev, the same module instance).
import { FunctionsHandler } from '@netlify/functions-dev';
import { afterAll, beforeAll, vi } from 'vitest';
import { TEST_CURSOR_SECRET } from './cursor-secret.ts';
import { keepFunctionsWarm, type Runtime, stopWarmFunctions } from './netlify-warm-functions.ts';
import { generousQuotas } from './quota-env.ts';

/**
 * NetlifyDev bundles a function again before every request (as `netlify dev` does, to pick up
 * edits): about 1.5 s a request for this function. Sources do not change during a test run, so
 * each function is bundled on its first request only; its requests then go to a warm instance of
 * it (netlify-warm-functions.ts), as on Netlify, instead of a fresh worker each.
 */
type Invocable = { buildData?: unknown; runtime: Runtime; invoke(options: { buildDirectory?: string }): Promise<Response> };
type Invoke = (request: Request, route: unknown, func: Invocable, buildDirectory?: string) => Promise<Response>;
// `invoke` is private in its types: reached through the prototype as a plain property.
const handler = FunctionsHandler.prototype as unknown as { invoke: Invoke };
const invokeFunction = handler.invoke;
handler.invoke = function (request, route, func, buildDirectory) {
  const proto = Object.getPrototypeOf(func) as Invocable & { bundledOnce?: true };
  if (!proto.bundledOnce) {
    const invoke = proto.invoke;
    proto.invoke = function (this: Invocable, options) {
      return invoke.call(this, this.buildData === undefined ? options : { ...options, buildDirectory: undefined });
    };
    proto.bundledOnce = true;
  }
  const runtime = func.runtime as Runtime & { warm?: true };
  if (!runtime.warm) {
    keepFunctionsWarm(runtime);
    runtime.warm = true;
  }
  return invokeFunction.call(this, request, route, func, buildDirectory);
};

/**
 * The Netlify target under local emulation (offline): routing by each function's config.path,
 * static files from the publish directory, the function bundled and run as on Netlify.
 * Features that would reach the network or are not used here are off.
 */
export async function startNetlifyDev(): Promise<{ fetch: (request: Request) => Promise<Response>; stop: () => Promise<void> }> {
  const dev = new NetlifyDev({
    projectRoot: process.cwd(),
    serverAddress: null,
    skipGitignore: true,
    aiGateway: { enabled: false },
    // The quota store: NetlifyDev serves Blobs from a local BlobsServer.
    blobs: { enabled: true },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await dev.start();
  return {
    // NetlifyDev returns undefined where nothing matches; on Netlify that is the CDN's 404.
    fetch: async (request) => (await dev.handle(request)) ?? new Response('Not Found', { status: 404 }),
    stop: async () => {
      await dev.stop();
      await stopWarmFunctions();
    },
  };
}

/**
 * NetlifyDev for one test file: started before its tests, stopped after. One file only
 * (tests/targets/netlify/emulation.test.ts): every instance rebuilds the functions into the same
 * .netlify/functions-serve folder, so two test files running at once break each other's copies. A
 * request runs in the warm instance made for process.env as it is at that moment, so each request
 * sets the snapshot the function should open. Requests go one at a time, as each reads process.env.
 */
export function useNetlifyDev(): { send: (request: Request, snapshot: string, env?: Record<string, string>) => Promise<Response> } {
  let netlify: Awaited<ReturnType<typeof startNetlifyDev>>;
  vi.setConfig({ testTimeout: 120_000 });
  beforeAll(async () => {
    netlify = await startNetlifyDev();
  });
  afterAll(async () => {
    await netlify?.stop();
  });
  let queue: Promise<unknown> = Promise.resolve();
  // One environment for every suite that sets none, so they share one warm instance (a new
  // environment is a cold start): the search contract's cursor secret is in it too.
  const quotas = { ...generousQuotas(), CURSOR_SECRET: TEST_CURSOR_SECRET };
  return {
    send: (request, snapshot, env = quotas) => {
      const next = queue.then(() => {
        process.env.CATALOG_DB = snapshot;
        Object.assign(process.env, env);
        return netlify.fetch(request);
      });
      queue = next.catch(() => {});
      return next;
    },
  };
}
