import { describe, expect, it } from 'vitest';
import { getOrHead } from './head.ts';

describe('getOrHead', () => {
  it('answers GET with the body as given', () => {
    const headers = { 'Content-Type': 'text/plain' };
    expect(getOrHead('GET', 200, headers, 'olá')).toEqual({ status: 200, headers, body: 'olá' });
  });

  it("answers HEAD without the body, stating GET's Content-Length in bytes, and leaves the caller's headers as they were", () => {
    const headers = { 'Content-Type': 'text/plain' };
    expect(getOrHead('HEAD', 200, headers, 'olá')).toEqual({ status: 200, headers: { ...headers, 'Content-Length': '4' }, body: null });
    expect(getOrHead('HEAD', 404, headers, new Uint8Array(7))).toEqual({
      status: 404,
      headers: { ...headers, 'Content-Length': '7' },
      body: null,
    });
    expect(headers).toEqual({ 'Content-Type': 'text/plain' });
  });

  it('states no length it does not know (a stream, or no body: the caller states a file its size)', () => {
    const headers = { 'Content-Type': 'text/plain' };
    expect(getOrHead('HEAD', 200, headers, null)).toEqual({ status: 200, headers, body: null });
    expect(getOrHead('HEAD', 200, headers, new ReadableStream())).toEqual({ status: 200, headers, body: null });
  });
});
