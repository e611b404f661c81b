import { describe, expect, it } from 'vitest';
import { createLogger, REQUEST_LOG_FIELDS, type RequestLine } from './logger.ts';

describe('the request log', () => {
  const logged = (line: RequestLine) => {
    const lines: string[] = [];
    createLogger('info', (text) => lines.push(text)).request(line);
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]!) as Record<string, unknown>;
  };

  it('writes exactly the fields the privacy policy lists, and nothing a caller adds', () => {
    const line = { method: 'GET', route: '/produtos/*', status: null, durationMs: 12.345, catalogVersion: 'abc', aborted: true } as const;
    // What a careless caller might pass along: it must not reach the log.
    const withExtras = { ...line, address: '203.0.113.7', path: '/produtos/1/x?q=1', userAgent: 'curl/8' };
    const fields = logged(withExtras);
    expect(Object.keys(fields)).toEqual([...REQUEST_LOG_FIELDS]);
    expect(fields).toMatchObject({
      level: 'info',
      msg: 'request aborted by the client',
      route: '/produtos/*',
      durationMs: 12.3,
      status: null,
    });
    expect(JSON.stringify(fields)).not.toMatch(/203\.0\.113\.7|\?q=1|curl/);
  });

  it('leaves aborted out of an answered request', () => {
    const fields = logged({ method: 'POST', route: '/mcp', status: 200, durationMs: 1, catalogVersion: null });
    expect(Object.keys(fields)).toEqual(REQUEST_LOG_FIELDS.filter((name) => name !== 'aborted'));
    expect(fields.msg).toBe('request');
  });
});
