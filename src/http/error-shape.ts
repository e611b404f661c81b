import type { Answer } from './answer.ts';
import { type ApiErrorCode, errorAnswer } from './api-error.ts';
import { pageFailure } from './page-headers.ts';

/**
 * How a route's clients read an error (each route entry declares its own, src/http/route.ts): the
 * REST contract's Error object, a JSON-RPC error (src/mcp/json-rpc.ts), or a page. The app asks
 * it for the route's 500 when a handler fails, the Node adapter for a request its parser refused
 * (`unread`: the request was never read), and the flood limit for its 429: one table of errors
 * (API_ERRORS), one shape per route, and no answer parsed back or path guessed at.
 */
export interface ErrorShape {
  readonly name: 'rest' | 'json-rpc' | 'page';
  answer(code: ApiErrorCode, options?: ErrorOptions): Answer;
}

export interface ErrorOptions {
  headers?: Readonly<Record<string, string>>;
  /** What the client should do instead, where it says more than the table's. */
  resolution?: string;
  /** The request was refused before it was read (Node's parser): a JSON-RPC error says so. */
  unread?: boolean;
  /** The JSON-RPC request's id, when one was read (a number's JSON text, as received, when JS cannot hold it: JSON.rawJSON). */
  id?: string | number | { readonly rawJSON: string } | null;
}

/** The REST contract: the Error object of the error table. */
export const REST_ERRORS: ErrorShape = {
  name: 'rest',
  answer: (code, { headers = null, resolution } = {}) =>
    errorAnswer(code, resolution === undefined ? { headers } : { headers, resolution }),
};

/** Pages: a person reads a 500 as plain text; the rest of the table as the REST contract gives it. */
export const PAGE_ERRORS: ErrorShape = {
  name: 'page',
  answer: (code, options) => (code === 'INTERNAL_ERROR' ? pageFailure() : REST_ERRORS.answer(code, options)),
};
