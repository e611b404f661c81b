import { describe, expect, it } from 'vitest';
import { toResponse, WebRequestFacts } from './answer.ts';

describe('the facts of a Web Request', () => {
  it('has the method, the path with dot segments resolved but nothing decoded, and the query with its "?"', () => {
    const facts = new WebRequestFacts(
      new Request('https://site.example/api/public/v1/x/../products/%31/stats?limit=5', { method: 'OPTIONS' }),
    );
    expect(facts.method).toBe('OPTIONS');
    expect(facts.pathname).toBe('/api/public/v1/products/%31/stats');
    expect(facts.search).toBe('?limit=5');
    expect(new WebRequestFacts(new Request('https://site.example/api/%2e%2e/gpt.json')).pathname).toBe('/gpt.json');
    expect(new WebRequestFacts(new Request('https://site.example/gpt.json')).search).toBe('');
  });

  it('reads a header by any case, repeats joined with ", ", and null when absent', () => {
    const headers = new Headers([
      ['MCP-Protocol-Version', '2025-11-25'],
      ['mcp-protocol-version', '2025-06-18'],
      ['If-None-Match', '"abc"'],
    ]);
    const facts = new WebRequestFacts(new Request('https://site.example/mcp', { headers }));
    expect(facts.header('if-none-match')).toBe('"abc"');
    expect(facts.header('mcp-protocol-version')).toBe('2025-11-25, 2025-06-18');
    expect(facts.header('origin')).toBeNull();
  });

  it('knows the client by the address the platform gave, or as the one shared client without one', () => {
    const request = new Request('https://site.example/mcp');
    expect(new WebRequestFacts(request, '203.0.113.9').client).toEqual({ address: '203.0.113.9' });
    expect(new WebRequestFacts(request).client).toEqual({ address: null });
  });

  it('reads the body with the cap the route gives', async () => {
    const post = () => new Request('https://site.example/mcp', { method: 'POST', body: '{"id":1}' });
    expect(await new WebRequestFacts(post()).text(64)).toBe('{"id":1}');
    expect(await new WebRequestFacts(post()).text(7)).toBeNull();
  });

  it('hands the SDK the Request itself, its body unread', () => {
    const request = new Request('https://site.example/mcp', { method: 'POST', body: '{}' });
    const handed = new WebRequestFacts(request).webRequest();
    expect(handed).toBe(request);
    expect(handed.bodyUsed).toBe(false);
  });
});

describe('an answer as a Web Response', () => {
  it('keeps the status, the headers and a text body', async () => {
    const response = toResponse({
      status: 404,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-A': '1' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-a')).toBe('1');
    expect(await response.text()).toBe('{"a":1}');
  });

  it('sends bytes as they are and a stream as it is read', async () => {
    const gzipMagic = new Uint8Array([0x1f, 0x8b, 0x08]);
    expect(new Uint8Array(await toResponse({ status: 200, headers: {}, body: gzipMagic }).arrayBuffer())).toEqual(gzipMagic);
    const stream = new Blob(['line 1\n', 'line 2\n']).stream();
    expect(await toResponse({ status: 200, headers: {}, body: stream }).text()).toBe('line 1\nline 2\n');
  });

  it('has no body for a 204 or a 304', () => {
    for (const status of [204, 304]) {
      const response = toResponse({ status, headers: { ETag: '"x"' }, body: null });
      expect(response.status).toBe(status);
      expect(response.body).toBeNull();
      expect(response.headers.get('etag')).toBe('"x"');
    }
  });
});
