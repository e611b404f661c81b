import type { ClientRef } from '../../quota/quota-gate.ts';

/**
 * What the REST core decides: status, headers and body, as plain data. The Web adapter turns it
 * into a Response; the self-hosted server writes it to the socket directly, because building
 * WHATWG Request/Response objects costs several times the whole answer (see the README's benchmark).
 */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** The request facts the REST core reads, however the platform delivered the request. */
export interface ApiQuery {
  method: string;
  /** The URL path as the WHATWG URL parser gives it (dot segments resolved, not percent-decoded). */
  pathname: string;
  ifNoneMatch: string | null;
  /** The client, from the address the platform gives (quotas only hash it). */
  client: ClientRef;
}

/** What a platform knows of a request beyond the Request itself. */
export interface RequestInfo {
  clientAddress?: string | null;
}

export function queryOf(request: Request, info: RequestInfo = {}): ApiQuery {
  return { method: request.method, pathname: new URL(request.url).pathname, ifNoneMatch: request.headers.get('If-None-Match'), client: { address: info.clientAddress ?? null } };
}

export function toResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
