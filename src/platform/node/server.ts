import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type App, createApp } from '../../app/app.ts';
import type { Config } from '../../config/config.ts';
import type { Answer } from '../../http/answer.ts';
import { errorAnswer } from '../../http/api-error.ts';
import { loadAstroPages } from '../astro-build/astro-pages.ts';
import { nodePlatform } from './node-platform.ts';
import { clientOf, NO_CLIENT, NodeBodyRequest, NodeRequestFacts, targetOf } from './node-request.ts';
import { bodyPending, settleUnreadBody } from './request-body.ts';
import { staticFiles } from './static-files.ts';
import { sendWebBody, sendWebResponse } from './web-bridge.ts';

export interface NodeServerOptions {
  config: Config;
  /** The Astro build output (dist/): the site's files, and the server build that renders the product pages. */
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

/** The app's answer to one request (its routes include the site's files and 404 page). */
function dispatch(app: App, config: Config, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  // Origin-form only ("/path?query"); "*" and absolute-form targets are not ours to route.
  if (!url.startsWith('/')) {
    send(res, errorAnswer('INVALID_REQUEST_TARGET'));
    return;
  }
  const { pathname, search } = targetOf(url);
  const route = app.route(pathname);
  if (route === null) {
    send(res, errorAnswer('API_ROUTE_NOT_FOUND'));
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
  const answered = route.plain(facts) ?? { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Not found\n' };
  if (answered instanceof Promise) void answered.then((answer) => sendSettled(req, res, answer));
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
 * The self-hosted server: a bare node:http server in front of the app, which answers every path:
 * the API, MCP, the showcase, the documents, the product pages (rendered by Astro's server build,
 * in process) and the rest of the built site with its 404 page.
 */
export async function createNodeServer({ config, distDir }: NodeServerOptions): Promise<Server> {
  const pages = await loadAstroPages(join(distDir, 'server', 'entry.mjs'));
  const app = createApp(config, nodePlatform(staticFiles(join(distDir, 'client')), pages));
  const server = createServer((req, res) => dispatch(app, config, req, res));
  server.once('close', () => app.close());
  return server;
}
