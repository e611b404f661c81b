import { API_ERRORS, type ApiError, type ApiErrorCode } from '../../domain/api-error.ts';
import type { ApiAnswer } from './api-answer.ts';
import { CORS_HEADERS, JSON_CONTENT_TYPE, NO_STORE } from './headers.ts';

/**
 * The one way to answer a REST error: the fixed Error body (error === message), CORS, never
 * cached, never a detail of the failure itself.
 */
export function apiErrorAnswer(
  code: ApiErrorCode,
  options: { headers?: Record<string, string>; resolution?: string } = {},
): ApiAnswer {
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
