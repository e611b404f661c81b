import { describe, expect, it } from 'vitest';
import { PAGE_HEADERS, pageFailure, pageHeadersWith } from './page-headers.ts';

describe('the headers of an HTML page', () => {
  it('refuse framing twice: CSP frame-ancestors and X-Frame-Options', () => {
    expect(PAGE_HEADERS['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect(PAGE_HEADERS['X-Frame-Options']).toBe('DENY');
  });

  it('are the same for a page without a policy of its own', () => {
    expect(pageHeadersWith(null)).toEqual(PAGE_HEADERS);
  });

  it("add frame-ancestors to a page's own policy, in one header, whether or not it ends in a semicolon", () => {
    const expected = "default-src 'self'; img-src 'self' https:; frame-ancestors 'none'";
    expect(pageHeadersWith("default-src 'self'; img-src 'self' https:")['Content-Security-Policy']).toBe(expected);
    expect(pageHeadersWith("default-src 'self'; img-src 'self' https:; ")['Content-Security-Policy']).toBe(expected);
    expect(pageHeadersWith("default-src 'self'")['X-Frame-Options']).toBe('DENY');
  });

  it('leave the shared headers as they were', () => {
    pageHeadersWith("default-src 'self'");
    expect(PAGE_HEADERS['Content-Security-Policy']).toBe("frame-ancestors 'none'");
  });
});

describe("a page's 500", () => {
  it('is plain Portuguese text for the reader, never stored, without a detail', () => {
    const answer = pageFailure();
    expect(answer.status).toBe(500);
    expect(answer.headers).toEqual({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    expect(answer.body).toBe('Erro interno.\n');
  });
});
