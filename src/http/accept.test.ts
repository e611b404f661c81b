import { describe, expect, it } from 'vitest';
import { namesMediaType } from './accept.ts';

describe('namesMediaType', () => {
  it.each([
    [null, false],
    ['', false],
    ['text/event-stream', true],
    ['application/json, text/event-stream', true],
    ['Text/Event-Stream; charset=utf-8', true],
    ['text/event-stream;q=0.1, application/json', true],
    // q=0: not acceptable (RFC 9110 12.5.1), in any spelling.
    ['text/event-stream;q=0, application/json', false],
    ['text/event-stream; q=0.000', false],
    ['text/event-stream;Q=0', false],
    ['text/event-stream;q=abc', false],
    // Named twice: the higher weight.
    ['text/event-stream;q=0, text/event-stream;q=0.5', true],
    // A range is not the type named.
    ['*/*', false],
    ['text/*', false],
    ['application/json', false],
    ['text/event-streaming', false],
  ] as const)('%j names text/event-stream acceptably: %j', (accept, named) => {
    expect(namesMediaType(accept, 'text/event-stream')).toBe(named);
  });
});
