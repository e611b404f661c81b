import { describe, expect, it } from 'vitest';
import type { LogLevel } from '../../config/config.ts';
import { createLogger, type Logger, REQUEST_LOG_FIELDS } from './logger.ts';
import type { RequestLine } from './request-line.ts';

/** Every line a logger at `level` writes, parsed. */
function capture(level: LogLevel, use: (logger: Logger) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  use(createLogger(level, (text) => lines.push(text)));
  for (const line of lines) expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the request log', () => {
  const logged = (line: RequestLine) => {
    const lines = capture('info', (logger) => logger.request(line));
    expect(lines).toHaveLength(1);
    return lines[0]!;
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

describe('the lines', () => {
  const every = (logger: Logger) => {
    logger.request({ method: 'GET', route: '/healthz', status: 200, durationMs: 0.04, catalogVersion: 'v' }, 'debug');
    logger.request({ method: 'GET', route: '/api', status: 404, durationMs: 2, catalogVersion: 'v' });
    logger.info('catalog', 'answering from catalog version v');
    logger.lifecycle('server', 'listening');
    logger.warn('mcp', 'a client pattern', { pattern: 'comma' });
    logger.error('stats', new Error('broken'));
    logger.error('quota', 'a string');
  };

  it('keep the shape they always had: time an ISO string, level a label, no pid or hostname, nothing but the fields given', () => {
    const lines = capture('debug', every);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ['debug', 'request'],
      ['info', 'request'],
      ['info', 'answering from catalog version v'],
      ['info', 'listening'],
      ['warn', 'a client pattern'],
      ['error', 'broken'],
      ['error', 'a string'],
    ]);
    for (const line of lines) {
      expect(line.time).toMatch(ISO_TIME);
      expect(Math.abs(Date.parse(line.time as string) - Date.now())).toBeLessThan(60_000);
    }
    expect(lines.slice(2).map((line) => Object.keys(line))).toEqual([
      ['level', 'time', 'scope', 'msg'],
      ['level', 'time', 'scope', 'msg'],
      ['level', 'time', 'scope', 'msg', 'pattern'],
      ['level', 'time', 'scope', 'msg', 'stack'],
      ['level', 'time', 'scope', 'msg'],
    ]);
    expect(lines[5]!.stack).toMatch(/^Error: broken\n {4}at /);
  });

  it('are filtered by LOG_LEVEL: health probes at debug, requests at info, start and stop at every level but silent', () => {
    const levels = (level: LogLevel) => capture(level, every).map((line) => `${line.level} ${line.msg}`);
    expect(levels('info')).toEqual([
      'info request',
      'info answering from catalog version v',
      'info listening',
      'warn a client pattern',
      'error broken',
      'error a string',
    ]);
    expect(levels('warn')).toEqual(['info listening', 'warn a client pattern', 'error broken', 'error a string']);
    expect(levels('error')).toEqual(['info listening', 'error broken', 'error a string']);
    expect(levels('silent')).toEqual([]);
  });
});
