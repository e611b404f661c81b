import { describe, expect, it } from 'vitest';
import { BodyTimeoutError, readBodyText } from './read-body.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A POST whose body arrives in these chunks, then ends (or fails, as when the client goes away). */
function streamed(chunks: Uint8Array[], end: 'close' | 'error' = 'close', headers: Record<string, string> = {}) {
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next !== undefined) controller.enqueue(next);
      else if (end === 'close') controller.close();
      else controller.error(new Error('client went away'));
    },
  });
  return new Request('https://site.example/mcp', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit);
}

describe('reading a request body with a cap', () => {
  it('gives the whole body as text when it fits, up to the cap exactly', async () => {
    const post = (body: string) => new Request('https://site.example/mcp', { method: 'POST', body });
    expect(await readBodyText(post('{"a":1}'), 7)).toBe('{"a":1}');
    expect(await readBodyText(post('{"a":1}'), 6)).toBeNull();
  });

  it('gives an empty text for a request without a body', async () => {
    expect(await readBodyText(new Request('https://site.example/mcp'), 10)).toBe('');
  });

  it('counts bytes, not characters, and decodes UTF-8 split across chunks', async () => {
    const [first, second] = [bytes('ã').slice(0, 1), bytes('ã').slice(1)];
    expect(await readBodyText(streamed([first!, second!]), 2)).toBe('ã');
    expect(await readBodyText(streamed([bytes('ãã')]), 3)).toBeNull();
  });

  it('refuses a declared Content-Length over the cap before reading anything', async () => {
    const request = streamed([bytes('tiny')], 'close', { 'Content-Length': '100' });
    expect(await readBodyText(request, 99)).toBeNull();
    expect(request.bodyUsed).toBe(false);
  });

  it('stops at the chunk that passes the cap when no length is declared, and leaves the rest for the adapter', async () => {
    const request = streamed([bytes('abcd'), bytes('efgh'), bytes('ijkl')]);
    expect(await readBodyText(request, 6)).toBeNull();
    // Not cancelled: the adapter can still drain what follows.
    expect(request.body!.locked).toBe(false);
    const rest = await request.body!.getReader().read();
    expect(new TextDecoder().decode(rest.value)).toBe('ijkl');
  });

  it('trusts the bytes, not a declared length under the cap', async () => {
    const request = streamed([bytes('abcd'), bytes('efgh')], 'close', { 'Content-Length': '4' });
    expect(await readBodyText(request, 6)).toBeNull();
  });

  it('rejects when the client goes away mid-body', async () => {
    await expect(readBodyText(streamed([bytes('{"jsonrpc"')], 'error'), 100)).rejects.toThrow('client went away');
  });
});

describe('a body that did not arrive in time', () => {
  it('is an Error a route can tell apart, naming its bound', () => {
    const error = new BodyTimeoutError(10_000);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('BodyTimeoutError');
    expect(error.timeoutMs).toBe(10_000);
    expect(error.message).toContain('10000 ms');
  });
});
