import { z } from 'zod';

/** Body of every REST error response; `error` repeats `message` for older clients. */
export const ApiErrorSchema = z.strictObject({
  error: z.string(),
  code: z.string(),
  message: z.string(),
  resolution: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Every REST error the service answers, with its status and fixed texts (specification section 7). */
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
    resolution: 'Give limit once, as an integer from 1 to 20 (default 10); a larger value is clamped to 20.',
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
    resolution: 'Retry later; if the problem persists, use the contact page.',
  },
} as const satisfies Record<string, { status: number; message: string; resolution: string }>;
export type ApiErrorCode = keyof typeof API_ERRORS;
