import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Exchange } from '../../app/pipeline.ts';
import { forwardedAddress } from '../../config/ip-address.ts';
import type { BodyRequest, ClientRef } from '../../http/answer.ts';
import { readNodeBody } from './request-body.ts';
import { toWebRequest } from './web-bridge.ts';

/**
 * One request header, joined as Headers.get joins repeats; reading req.headers instead would
 * build the whole parsed header object on every request.
 */
function rawHeader(raw: string[], lowerName: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName)
      value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
  }
  return value;
}

/**
 * A request read off the Node request, without a WHATWG Request (the stats hot path), as it goes
 * through the app (src/app/pipeline.ts, Exchange) and as its route reads it: one object a request.
 * Its client is looked up only when a route asks, and only when quotas count clients.
 */
export class NodeExchange implements BodyRequest, Exchange {
  readonly method: string;
  /** null: the request target is not a path ("*", an absolute URL): no route is asked. */
  readonly path: string | null;
  readonly pathname: string;
  readonly search: string;
  private readonly req: IncomingMessage;
  private readonly raw: string[];
  private readonly server: NodeExchangeSettings;
  private clientRef: ClientRef | null = null;
  private web: Request | undefined;

  constructor(req: IncomingMessage, server: NodeExchangeSettings) {
    this.req = req;
    this.method = req.method ?? 'GET';
    this.raw = req.rawHeaders;
    this.server = server;
    const target = pathOf(req.url ?? '/');
    this.path = target?.pathname ?? null;
    this.pathname = target?.pathname ?? '';
    this.search = target?.search ?? '';
  }

  get client(): ClientRef {
    this.clientRef ??= this.server.countsClients ? clientOf(this.req, this.server.trustProxy) : NO_CLIENT;
    return this.clientRef;
  }

  header(name: string): string | null {
    return rawHeader(this.raw, name);
  }

  facts(): BodyRequest {
    return this;
  }

  text(maxBytes: number): Promise<string | null> {
    return readNodeBody(this.req, maxBytes, Number(this.header('content-length') ?? 0));
  }

  webRequest(): Request {
    this.web ??= toWebRequest(this.req, this.server.origin);
    return this.web;
  }
}

/** What the server tells each request: whether clients are told apart, behind a proxy or not, and its origin. */
export interface NodeExchangeSettings {
  countsClients: boolean;
  trustProxy: boolean;
  /** The site's origin, for the Web Request a route may ask for (the MCP SDK's). */
  origin: string;
}

/** The path and query of an origin-form target ("/path?query"); null for "*" and absolute-form targets, not ours to route. */
export function pathOf(url: string): { pathname: string; search: string } | null {
  if (!url.startsWith('/')) return null;
  try {
    return targetOf(url);
  } catch {
    // Not reached for an origin-form target appended to an origin; a throw here would end the process.
    return null;
  }
}

/**
 * The client's address: the socket's peer, or behind a trusted reverse proxy (TRUST_PROXY=on) the
 * last address of X-Forwarded-For, the one that proxy appended (earlier ones are the client's word),
 * read strictly (forwardedAddress): a value that is no address counts as the connection's.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string | null {
  if (trustProxy) {
    const last = rawHeader(req.rawHeaders, 'x-forwarded-for')?.split(',').at(-1);
    const address = last === undefined ? null : forwardedAddress(last);
    if (address !== null) return address;
  }
  return req.socket.remoteAddress ?? null;
}

/** The client of each open connection: its key is hashed once per connection, not per request. */
const connectionClients = new WeakMap<Socket, ClientRef>();

export function clientOf(req: IncomingMessage, trustProxy: boolean): ClientRef {
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
export const NO_CLIENT: ClientRef = { address: null };

/**
 * Paths the WHATWG URL parser leaves as they are: nothing it escapes or rewrites, and no dot at
 * all (so no dot segment). Allowing dots and looking for "/." made the check slower on the stats
 * hot path (docs/benchmarks.md, "Stats throughput figures").
 */
const PLAIN_PATH = /^[A-Za-z0-9/_-]*$/;

/**
 * The path and query of an origin-form request target, the path as the WHATWG URL parser gives it
 * for this target on this origin (dot segments resolved, "%2e" ones included, backslashes turned
 * into slashes…), so this server routes exactly as the Web platforms do on the Request's URL; a
 * path of plain characters needs no parsing. The target is appended to an origin, never parsed
 * relative to one: "//host/../x" is a path here, not a URL of another host.
 */
export function targetOf(url: string): { pathname: string; search: string } {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  // A "#" (a fragment no client should send) ends the query too.
  if (PLAIN_PATH.test(path) && (queryAt === -1 || !url.includes('#', queryAt))) {
    return { pathname: path, search: queryAt === -1 ? '' : url.slice(queryAt) };
  }
  const parsed = new URL(`http://localhost${url}`);
  return { pathname: parsed.pathname, search: parsed.search };
}
