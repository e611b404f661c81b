import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type App, createApp } from '../../app/app.ts';
import type { Config } from '../../config/config.ts';
import type { Answer } from '../../http/answer.ts';
import { errorAnswer } from '../../http/api-error.ts';
import { nodePlatform } from './node-platform.ts';
import { clientOf, NO_CLIENT, NodeBodyRequest, NodeRequestFacts, targetOf } from './node-request.ts';
import { bodyPending, settleUnreadBody } from './request-body.ts';
import { staticFiles } from './static-files.ts';
import { sendWebBody, sendWebResponse } from './web-bridge.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface NodeServerOptions {
  config: Config;
  /** The Astro build output (dist/): its standalone handler serves the pages and the other files. */
  distDir: string;
}

/**
 * Writes a plain answer to the socket: no WHATWG Response on the hot path. With Content-Length,
 * Node sends head and body in one write instead of chunked framing (set in the headers object:
 * headers set apart with setHeader would make Node merge the two).
 */
function send(res: ServerResponse, answer: Answer, close = false): void {
  const { status, headers, body } = answer;
  try {
    if (typeof body === 'string') headers['Content-Length'] = String(Buffer.byteLength(body));
    if (close) headers.Connection = 'close';
    res.writeHead(status, headers);
  } catch (error) {
    // Only a header value Node refuses (say, a hand-edited snapshot's meta) can land here.
    console.error('[server]', error);
    if (!res.headersSent) send(res, errorAnswer('INTERNAL_ERROR'));
    return;
  }
  if (body === null || typeof body === 'string') res.end(body ?? undefined);
  else void sendWebBody(res, body);
}

/** The app's answer to one request, or Astro's when the app has no route for its path. */
function dispatch(app: App, config: Config, astro: NodeHandler, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  // Origin-form only ("/path?query"); "*" and absolute-form targets are not ours to route.
  if (!url.startsWith('/')) {
    send(res, errorAnswer('INVALID_REQUEST_TARGET'));
    return;
  }
  const { pathname, search } = targetOf(url);
  const route = app.route(pathname);
  if (route === null) {
    astro(req, res);
    return;
  }
  // The client is looked up only for the quotas: with them off, no address or key per request.
  const client = app.countsClients ? clientOf(req, config.rateLimits.trustProxy) : NO_CLIENT;
  if ('body' in route) {
    // MCP reads its own body; its answers are plain, or the SDK's Web Responses.
    reportAbort(req, res, route.name);
    void (async () => {
      const answer = await route.body(new NodeBodyRequest(req, pathname, search, client, config.siteUrl));
      const { close } = await settleUnreadBody(req);
      if (answer instanceof Response) await sendWebResponse(res, answer, close);
      else send(res, answer, close);
    })().catch((error: unknown) => {
      console.error(`[${route.name}]`, error);
      res.destroy();
    });
    return;
  }
  const facts = new NodeRequestFacts(req, pathname, search, client);
  const answered = route.plain(facts);
  if (answered === null) astro(req, res);
  else if (answered instanceof Promise) void answered.then((answer) => sendSettled(req, res, answer));
  else sendSettled(req, res, answered);
}

/** Sends an answer once the request's unread body, if any, is dealt with (the common case waits for nothing). */
function sendSettled(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  if (!bodyPending(req)) send(res, answer);
  else void settleUnreadBody(req).then(({ close }) => send(res, answer, close));
}

/** A client that leaves before its answer is one log line, not a stack. */
function reportAbort(req: IncomingMessage, res: ServerResponse, route: string): void {
  res.once('close', () => {
    if (!res.writableFinished)
      console.error(`[${route}] client closed the connection before the answer: ${req.method} ${req.url?.slice(0, 200)}`);
  });
}

/**
 * The self-hosted server: a bare node:http server in front of the app (the API, MCP, the showcase
 * and the public documents), with Astro's handler for the rest (pages, other files, the 404 page).
 */
export async function createNodeServer({ config, distDir }: NodeServerOptions): Promise<Server> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  // Importing the standalone entry would start Astro's own server; we only want its handler.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler: astro } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  const app = createApp(config, nodePlatform(staticFiles(join(distDir, 'client'))));
  const server = createServer((req, res) => dispatch(app, config, astro, req, res));
  server.once('close', () => app.close());
  return server;
}
