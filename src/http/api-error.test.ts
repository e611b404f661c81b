import { describe, expect, it } from 'vitest';
import { PATHS } from '../contract/paths.ts';
import { API_ERRORS, type ApiErrorCode, ApiErrorSchema, errorAnswer } from './api-error.ts';

/** The error table of docs/api.md ("Errors"): code, status, message. */
const CONTRACT: [ApiErrorCode, number, string][] = [
  ['INVALID_PRODUCT_ID', 400, 'Product ID must be a positive integer'],
  ['INVALID_MERCHANT_ID', 400, 'Merchant ID must be a positive integer'],
  ['INVALID_LIMIT', 400, 'Limit must be a positive integer'],
  ['INVALID_REQUEST_TARGET', 400, 'Request target must be a path'],
  ['MALFORMED_REQUEST', 400, 'Request is not valid HTTP/1.1'],
  ['REQUEST_TIMEOUT', 408, 'Request timeout'],
  ['REQUEST_HEADERS_TOO_LARGE', 431, 'Request headers too large'],
  ['PRODUCT_NOT_FOUND', 404, 'Product not found'],
  ['API_ROUTE_NOT_FOUND', 404, 'API route not found'],
  ['METHOD_NOT_ALLOWED', 405, 'Method not allowed'],
  ['RATE_LIMIT_EXCEEDED', 429, 'Rate limit exceeded'],
  ['INTERNAL_ERROR', 500, 'Internal server error'],
];

const bodyOf = (code: ApiErrorCode) => JSON.parse(errorAnswer(code).body as string) as unknown;

describe('the error table', () => {
  it('has exactly the codes the docs list', () => {
    expect(Object.keys(API_ERRORS).sort()).toEqual(CONTRACT.map(([code]) => code).sort());
  });

  it.each(CONTRACT)('answers %s with %i and the fixed Error body, error repeating message', (code, status, message) => {
    const answer = errorAnswer(code);
    expect(answer.status).toBe(status);
    const body = bodyOf(code);
    expect(body).toEqual({ error: message, code, message, resolution: API_ERRORS[code].resolution });
    expect(ApiErrorSchema.safeParse(body).success).toBe(true);
    expect(API_ERRORS[code].resolution).not.toBe('');
  });

  it("gives the guidance the specification's error table asks for", () => {
    expect(API_ERRORS.INVALID_PRODUCT_ID.resolution).toMatch(/positive integer product ID.* in the URL path/);
    expect(API_ERRORS.METHOD_NOT_ALLOWED.resolution).toMatch(/GET or OPTIONS/);
    expect(API_ERRORS.RATE_LIMIT_EXCEEDED.resolution).toMatch(/Retry-After/);
    expect(API_ERRORS.INTERNAL_ERROR.resolution).toMatch(/retry later.*contact page/i);
    // The page it names is the site's contact page.
    expect(API_ERRORS.INTERNAL_ERROR.resolution.endsWith(`: ${PATHS.contact}`)).toBe(true);
  });
});

describe('an error answer', () => {
  it('carries JSON, CORS and nosniff and is never cached', () => {
    const headers = new Headers(errorAnswer('INTERNAL_ERROR').headers);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("adds the caller's headers (Retry-After, Allow) and may say another resolution, keeping the rest fixed", () => {
    const limited = errorAnswer('RATE_LIMIT_EXCEEDED', { headers: { 'Retry-After': '42' } });
    expect(limited.headers['Retry-After']).toBe('42');
    expect(limited.headers['Cache-Control']).toBe('no-store');
    const method = errorAnswer('METHOD_NOT_ALLOWED', {
      headers: { Allow: 'GET, HEAD, OPTIONS' },
      resolution: 'Call with GET, HEAD or OPTIONS.',
    });
    expect(method.status).toBe(405);
    expect(method.headers.Allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(method.body as string)).toEqual({
      error: 'Method not allowed',
      code: 'METHOD_NOT_ALLOWED',
      message: 'Method not allowed',
      resolution: 'Call with GET, HEAD or OPTIONS.',
    });
  });
});

describe('the Error schema', () => {
  it('takes the four string fields only', () => {
    const body = { error: 'x', code: 'X', message: 'x', resolution: 'y' };
    expect(ApiErrorSchema.safeParse(body).success).toBe(true);
    expect(ApiErrorSchema.safeParse({ ...body, stack: 'at …' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ error: 'x', code: 'X', message: 'x' }).success).toBe(false);
    expect(ApiErrorSchema.safeParse({ ...body, code: 404 }).success).toBe(false);
  });
});
