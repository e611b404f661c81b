import { readBodyText } from './read-body.ts';

/**
 * The request facts a route reads and the answer it gives, as plain data. The Web adapters
 * (Netlify, Astro) turn a Request into facts and an answer into a Response; the self-hosted server
 * reads facts off the socket and writes answers to it directly, because building WHATWG
 * Request/Response objects costs several times a whole stats answer (docs/benchmarks.md, "Why
 * plain answers").
 */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /**
   * null: no body (204, 304, HEAD). Bytes are sent as they are (a page kept encoded); a stream is
   * sent as it is read (a static file).
   */
  body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null;
}

/**
 * A client as the endpoints know it: its address (null when the platform gave none: one shared
 * client), and its quota key once computed. A server may keep one per connection, so the requests
 * of a keep-alive connection hash the address once.
 */
export interface ClientRef {
  address: string | null;
  key?: string;
}

/** What a route reads of a request, however the platform delivered it. */
export interface RequestFacts {
  method: string;
  /** The URL path as the WHATWG URL parser gives it (dot segments resolved, not percent-decoded). */
  pathname: string;
  /** The query string with its "?", or "". */
  search: string;
  client: ClientRef;
  /** A request header (lower-case name), repeats joined with ", "; null when absent. */
  header(name: string): string | null;
}

/**
 * A request whose body its route reads (MCP). The body is read with a cap; past it, the rest is
 * left for the adapter to drain or to close the connection on. The Web Request, when a route needs
 * one (the MCP SDK does), carries the URL, method and headers; its body is the route's to read.
 */
export interface BodyRequest extends RequestFacts {
  /**
   * The body as UTF-8 text; null once it passes `maxBytes`. Rejects when the client went away
   * mid-body, and with BodyTimeoutError when it did not arrive within the platform's bound.
   */
  text(maxBytes: number): Promise<string | null>;
  webRequest(): Request;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The facts of a Web Request (Netlify Functions, Astro routes, tests), which are also how it goes
 * through the app (src/app/pipeline.ts, Exchange): its URL's path is always a path.
 */
export class WebRequestFacts implements BodyRequest {
  readonly method: string;
  readonly pathname: string;
  readonly path: string;
  readonly search: string;
  readonly client: ClientRef;
  private readonly headers: Headers;
  private readonly request: Request;

  constructor(request: Request, clientAddress: string | null = null) {
    const url = new URL(request.url);
    this.request = request;
    this.method = request.method;
    this.pathname = url.pathname;
    this.path = url.pathname;
    this.search = url.search;
    this.headers = request.headers;
    this.client = { address: clientAddress };
  }

  header(name: string): string | null {
    return this.headers.get(name);
  }

  facts(): BodyRequest {
    return this;
  }

  text(maxBytes: number): Promise<string | null> {
    return readBodyText(this.request, maxBytes);
  }

  webRequest(): Request {
    return this.request;
  }
}

export function toResponse(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
