import { describe, expect, it } from 'vitest';
import { CORS_HEADERS, preflight } from './cors.ts';

describe('CORS on every answer', () => {
  it('lets any origin read the answer and the headers a script needs', () => {
    const headers = new Headers(CORS_HEADERS);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    const exposed = headers.get('access-control-expose-headers')!.split(', ');
    expect(exposed.sort()).toEqual(['Catalog-Generated-At', 'Catalog-Version', 'ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After']);
  });

  it('never allows credentials, which a wildcard origin cannot carry', () => {
    expect(new Headers(CORS_HEADERS).has('access-control-allow-credentials')).toBe(false);
  });

  it('leaves the preflight-only fields to the preflight', () => {
    const headers = new Headers(CORS_HEADERS);
    for (const name of ['access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age']) {
      expect(headers.has(name)).toBe(false);
    }
  });
});

describe('a preflight answer', () => {
  const answer = preflight('GET, OPTIONS', 'Accept, Content-Type, If-None-Match');

  it('is a 204 without a body, with the methods, the request headers and a day of Max-Age', () => {
    const { status, headers, body } = answer();
    expect(status).toBe(204);
    expect(body).toBeNull();
    const read = new Headers(headers);
    expect(read.get('allow')).toBe('GET, OPTIONS');
    expect(read.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(read.get('access-control-allow-headers')).toBe('Accept, Content-Type, If-None-Match');
    expect(read.get('access-control-max-age')).toBe('86400');
    expect(read.get('access-control-allow-origin')).toBe('*');
    expect(read.get('access-control-expose-headers')).toBe(CORS_HEADERS['Access-Control-Expose-Headers']);
  });

  it("uses a route's own CORS headers when it has them", () => {
    const own = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Mcp-Session-Id' };
    const headers = new Headers(preflight('GET, POST, OPTIONS', 'Content-Type', own)().headers);
    expect(headers.get('access-control-expose-headers')).toBe('Mcp-Session-Id');
    expect(headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
  });

  it('gives each request headers of its own, so one answer changed leaves the next as it was', () => {
    const first = answer();
    first.headers.Vary = 'Origin';
    expect(answer().headers.Vary).toBeUndefined();
  });
});
