import { z } from 'zod';
import { type Answer, JSON_CONTENT_TYPE } from './answer.ts';
import { NO_STORE } from './caching.ts';
import { CORS_HEADERS } from './cors.ts';

/** Body of every REST error response; `error` repeats `message` for older clients. */
export const ApiErrorSchema = z.strictObject({
  error: z.string(),
  code: z.string(),
  message: z.string(),
  resolution: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Every REST error the service answers, with its status and fixed texts (the public contract's error table, docs/api.md). */
export const API_ERRORS = {
  INVALID_PRODUCT_ID: {
    status: 400,
    message: 'Product ID must be a positive integer',
    resolution: 'Give a positive integer product ID (1 to 9007199254740991) in the URL path.',
  },
  INVALID_MERCHANT_ID: {
    status: 400,
    message: 'Merchant ID must be a positive integer',
    resolution: 'Give a positive integer merchant ID (1 to 9007199254740991) in the URL path.',
  },
  INVALID_LIMIT: {
    status: 400,
    message: 'Limit must be a positive integer',
    resolution: 'Give limit once, as digits without a leading zero (default 10); a value from 21 to 9007199254740991 is clamped to 20.',
  },
  INVALID_REQUEST_TARGET: {
    status: 400,
    message: 'Request target must be a path',
    // The self-hosted server, its only sender, names an example path (PATHS; http imports no other folder).
    resolution: 'Send the request to a path on this host, not "*" or a full URL.',
  },
  MALFORMED_REQUEST: {
    status: 400,
    message: 'Request is not valid HTTP/1.1',
    resolution:
      'Send a well-formed HTTP/1.1 request: a method of letters, a path of printable ASCII characters (percent-encode others), well-formed headers.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'Request timeout',
    resolution: "Send the request's head within 10 seconds and the whole request within 30.",
  },
  REQUEST_HEADERS_TOO_LARGE: {
    status: 431,
    message: 'Request headers too large',
    resolution: 'Send at most 16 KiB of request headers.',
  },
  PRODUCT_NOT_FOUND: {
    status: 404,
    message: 'Product not found',
    resolution:
      'Give the id of a product published in this catalog: ids come from search_local_products or /gpt/products.json (the statistics endpoint answers zeros for any id; the price history only exists for published products).',
  },
  API_ROUTE_NOT_FOUND: {
    status: 404,
    message: 'API route not found',
    resolution: 'See /openapi.json for the available routes.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: 'Method not allowed',
    resolution: 'Call with GET or OPTIONS.',
  },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    message: 'Rate limit exceeded',
    resolution: 'Wait for the Retry-After interval before retrying.',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Internal server error',
    // The contact page's path (PATHS.contact; http imports no other folder, the test keeps them equal).
    resolution: 'Retry later; if the problem persists, use the contact page: /contato',
  },
} as const satisfies Record<string, { status: number; message: string; resolution: string }>;
export type ApiErrorCode = keyof typeof API_ERRORS;

/**
 * The one way to answer an error outside MCP: the fixed Error body (error === message), CORS,
 * never cached, never a detail of the failure itself.
 */
export function errorAnswer(
  code: ApiErrorCode,
  options: { headers?: Readonly<Record<string, string>> | null; resolution?: string } = {},
): Answer {
  const spec = API_ERRORS[code];
  const body: ApiError = {
    error: spec.message,
    code,
    message: spec.message,
    resolution: options.resolution ?? spec.resolution,
  };
  return {
    status: spec.status,
    headers: {
      ...CORS_HEADERS,
      'Content-Type': JSON_CONTENT_TYPE,
      'Cache-Control': NO_STORE,
      'X-Content-Type-Options': 'nosniff',
      ...options.headers,
    },
    body: JSON.stringify(body),
  };
}
