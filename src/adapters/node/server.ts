import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../../config/config.ts';
import { createApiAnswerer } from '../api-handler.ts';
import type { ApiAnswer } from '../../core/http/api-answer.ts';
import type { ClientRef } from '../../quota/quota-gate.ts';
import type { RequestHandler } from '../../core/rest/stats-api.ts';
import { createMcpHandler } from '../mcp-handler.ts';
import { localQuotaGate } from '../quota-gates.ts';
import { createShowcaseHandler } from '../showcase-handler.ts';
import { createDocumentResponder } from './document-responder.ts';
import { listStaticPaths } from './static-files.ts';
import { sendWebResponse, toWebRequest } from './web-bridge.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface NodeServerOptions {
  config: Config;
  /** The Astro build output (dist/): its standalone handler serves pages and documents. */
  distDir: string;
}

/**
 * One request header, joined as Headers.get joins repeats; reading req.headers instead would
 * build the whole parsed header object on every request.
 */
function rawHeader(raw: string[], lowerName: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === lowerName.length && raw[i]!.toLowerCase() === lowerName) value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/**
 * The client's address: the socket's peer, or behind a trusted reverse proxy (TRUST_PROXY=on) the
 * last address of X-Forwarded-For, the one that proxy appended (earlier ones are the client's word).
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string | null {
  if (trustProxy) {
    const last = rawHeader(req.rawHeaders, 'x-forwarded-for')?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? null;
}

/** The client of each open connection: its key is hashed once per connection, not per request. */
const connectionClients = new WeakMap<Socket, ClientRef>();

function clientOf(req: IncomingMessage, trustProxy: boolean): ClientRef {
  const address = clientAddress(req, trustProxy);
  let client = connectionClients.get(req.socket);
  // Behind a proxy one connection carries many clients.
  if (client === undefined || client.address !== address) {
    client = { address };
    connectionClients.set(req.socket, client);
  }
  return client;
}

/** The client of every request when quotas are off: nobody reads it. */
const NO_CLIENT: ClientRef = { address: null };

/** Paths the WHATWG URL parser leaves as they are. */
const PLAIN_PATH = /^[A-Za-z0-9/_-]*$/;

/** Answered on demand: its query parameter chooses the answer (src/core/documents/showcase.ts). */
const SHOWCASE_PATH = '/gpt/products.json';

/** Paths the platform-free core answers; everything else is Astro's (pages, documents, files). */
function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The self-hosted server: a bare node:http server that hands API paths, /mcp and the showcase
 * straight to the cores, serves the public documents with their headers, and hands everything else
 * to Astro. A pre-rendered file wins over the API (as `preferStatic` on Netlify), so
 * /api/openapi.yaml is the document, not an API_ROUTE_NOT_FOUND.
 */
export async function createNodeServer({ config, distDir }: NodeServerOptions): Promise<Server> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  // Importing the standalone entry would start Astro's own server; we only want its handler.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler: astro } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  const staticPaths = listStaticPaths(join(distDir, 'client'));
  // One quota gate for the REST API and MCP: one client, one set of counts.
  const quota = localQuotaGate(config);
  const answer = createApiAnswerer(config, quota);
  const documents = createDocumentResponder(join(distDir, 'client'), config.cache);

  // MCP and the showcase go through the Web Request/Response bridge: it costs little beside their work.
  const viaWeb = (name: string, handle: RequestHandler) => (req: IncomingMessage, res: ServerResponse) => {
    Promise.resolve()
      .then(() => handle(toWebRequest(req, config.siteUrl), { clientAddress: clientAddress(req, config.rateLimits.trustProxy) }))
      .then((response) => sendWebResponse(res, response))
      .catch((error: unknown) => {
        console.error(`[${name}]`, error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal server error');
        else res.destroy();
      });
  };
  const answerMcp = viaWeb('mcp', createMcpHandler(config, { quota }));
  const answerShowcase = viaWeb('showcase', createShowcaseHandler(config));

  // The core's answer goes straight to the socket: no WHATWG Request/Response on this hot path.
  const answerApi = (req: IncomingMessage, res: ServerResponse, url: string, path: string) => {
    const ifNoneMatch = rawHeader(req.rawHeaders, 'if-none-match');
    // Routed on the path as the Web adapters see it (WHATWG URL: dot segments resolved,
    // backslashes turned into slashes…); a path of plain characters needs no parsing.
    const pathname = PLAIN_PATH.test(path) ? path : new URL(url, 'http://localhost').pathname;
    const send = ({ status, headers, body }: ApiAnswer) => {
      // With Content-Length, Node sends head and body in one write instead of chunked framing.
      // (In the headers object: headers set apart with setHeader would make Node merge the two.)
      if (body !== null) headers['Content-Length'] = String(Buffer.byteLength(body));
      try {
        res.writeHead(status, headers).end(body ?? undefined);
      } catch (error) {
        // Only a header value Node refuses (say, a hand-edited snapshot's meta) can land here.
        console.error('[server]', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal server error');
      }
    };
    // The client is looked up only for the quotas: with them off, no address or key per request.
    const client = quota === null ? NO_CLIENT : clientOf(req, config.rateLimits.trustProxy);
    const answered = answer({ method: req.method ?? 'GET', pathname, ifNoneMatch, client });
    if (answered instanceof Promise) void answered.then(send);
    else send(answered);
  };

  return createServer((req, res) => {
    const url = req.url ?? '/';
    // Origin-form only ("/path?query"); "*" and absolute-form targets are not ours to route.
    if (!url.startsWith('/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (isApiPath(pathname) && !staticPaths.has(pathname)) answerApi(req, res, url, pathname);
    else if (pathname === '/mcp') answerMcp(req, res);
    else if (pathname === SHOWCASE_PATH) answerShowcase(req, res);
    else if (!documents(req, res, pathname)) astro(req, res);
  });
}
