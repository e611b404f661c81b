import { describe, expect, it } from 'vitest';
import { MAX_QUEUED_LINE_BYTES, type RequestLine, RequestLineQueue, requestLine } from './request-line.ts';

const TIME = Date.parse('2026-11-26T06:00:00.000Z');

describe('requestLine', () => {
  it('is one line of JSON whatever a client put in the method', () => {
    for (const method of ['GET', 'PO"ST', 'X\\Y', 'A\nB', '\u0000\u001f', 'ÇÃO']) {
      const text = requestLine('info', TIME, { method, route: '/*', status: 400, durationMs: 0.06, catalogVersion: null });
      expect(text.endsWith('\n') && !text.slice(0, -1).includes('\n')).toBe(true);
      expect(JSON.parse(text)).toEqual({
        level: 'info',
        time: '2026-11-26T06:00:00.000Z',
        msg: 'request',
        method,
        route: '/*',
        status: 400,
        durationMs: 0.1,
        catalogVersion: null,
      });
    }
  });

  it('writes an aborted request with a null status and aborted last', () => {
    const text = requestLine('debug', TIME, {
      method: 'GET',
      route: '/healthz',
      status: null,
      durationMs: 3,
      catalogVersion: 'v1',
      aborted: true,
    });
    expect(Object.entries(JSON.parse(text))).toEqual([
      ['level', 'debug'],
      ['time', '2026-11-26T06:00:00.000Z'],
      ['msg', 'request aborted by the client'],
      ['method', 'GET'],
      ['route', '/healthz'],
      ['status', null],
      ['durationMs', 3],
      ['catalogVersion', 'v1'],
      ['aborted', true],
    ]);
  });
});

describe('RequestLineQueue', () => {
  /** A line's fields as JSON.parse reads them, in the line's order. */
  const expected = (level: string, epochMs: number, line: RequestLine) => [
    ['level', level],
    ['time', new Date(epochMs).toISOString()],
    ['msg', line.aborted ? 'request aborted by the client' : 'request'],
    ['method', line.method],
    ['route', line.route],
    ['status', line.status],
    ['durationMs', Math.round(line.durationMs * 10) / 10],
    ['catalogVersion', line.catalogVersion],
    ...(line.aborted ? [['aborted', true]] : []),
  ];

  /** Every combination of the fields. */
  function combinations() {
    const methods = ['GET', 'POST', 'PO"ST', 'X\\Y', 'A\nB', 'ÇÃO', '\u0000'];
    const durations = [0, 0.04, 0.05, 0.06, 0.95, 1, 9.96, 10, 12.345, 99999.99, 1234567.8, 2 ** 40];
    const times = [
      '2026-11-26T06:00:00.000Z',
      '2026-11-26T06:00:00.001Z',
      '2026-11-26T06:00:00.010Z',
      '2026-12-31T23:59:59.999Z',
      '1969-12-31T23:59:59.999Z',
    ];
    const lines: { level: 'debug' | 'info'; epochMs: number; line: RequestLine }[] = [];
    for (const epochMs of times.map(Date.parse))
      for (const route of ['/api/public/v1/products/{productId}/stats', '/mcp'])
        for (const method of methods)
          for (const durationMs of durations)
            for (const [status, aborted] of [
              [200, false],
              [404, false],
              [null, true],
            ] as const)
              for (const catalogVersion of ['0b6ee21dd7a18610', null, 'v"1'])
                for (const level of ['info', 'debug'] as const)
                  lines.push({
                    level,
                    epochMs,
                    line: { method, route, status, durationMs, catalogVersion, ...(aborted ? { aborted } : {}) },
                  });
    return lines;
  }

  it('writes each line as its fields, in order, whatever the method, status, duration, version and time', () => {
    const lines = combinations();
    expect(lines.length).toBeGreaterThan(6000);
    const queue = new RequestLineQueue(lines.length);
    for (const { level, epochMs, line } of lines) expect(queue.add(level, epochMs, line)).toBe(true);
    const into = Buffer.alloc(4 * 1024 * 1024, 0x2a);
    const end = queue.drainInto(into, 7);
    expect(into.subarray(0, 7).every((byte) => byte === 0x2a)).toBe(true);
    expect(queue.size).toBe(0);
    const text = into.toString('utf8', 7, end);
    const written = text.split('\n');
    expect(written.pop()).toBe('');
    expect(written.length).toBe(lines.length);
    expect(written.map((json) => Object.entries(JSON.parse(json)))).toEqual(
      lines.map(({ level, epochMs, line }) => expected(level, epochMs, line)),
    );
    // requestLine writes the same lines alone.
    expect(text).toBe(lines.map(({ level, epochMs, line }) => requestLine(level, epochMs, line)).join(''));
  });

  it('keeps what does not fit, in order, for the next batch', () => {
    const lines = combinations().slice(0, 500);
    const queue = new RequestLineQueue(lines.length);
    for (const { level, epochMs, line } of lines) queue.add(level, epochMs, line);
    const parts: string[] = [];
    while (queue.size > 0) {
      const into = Buffer.alloc(1000);
      const before = queue.size;
      const end = queue.drainInto(into, 0);
      expect(queue.size).toBeLessThan(before);
      parts.push(into.toString('utf8', 0, end));
    }
    expect(parts.length).toBeGreaterThan(50);
    expect(parts.join('')).toBe(lines.map(({ level, epochMs, line }) => requestLine(level, epochMs, line)).join(''));
  });

  it('writes values no server produces as the nearest it can, still JSON', () => {
    const at = Date.parse('2026-11-26T06:00:00.000Z');
    const line: RequestLine = { method: 'GET', route: '/*', status: 200, durationMs: 1, catalogVersion: 'v' };
    const read = (epochMs: number, odd: Partial<RequestLine>) => JSON.parse(requestLine('info', epochMs, { ...line, ...odd }));
    for (const durationMs of [Number.NaN, Number.POSITIVE_INFINITY, -1, 2 ** 60]) expect(read(at, { durationMs }).durationMs).toBe(0);
    for (const status of [0, 99, 1000, 200.5]) expect(read(at, { status }).status).toBe(null);
    expect(read(Date.parse('+010000-01-01T00:00:00.000Z'), {}).time).toBe('9999-12-31T23:59:59.999Z');
    expect(read(Date.parse('-000001-01-01T00:00:00.000Z'), {}).time).toBe('0000-01-01T00:00:00.000Z');
    expect(read(Number.NaN, {}).time).toBe('1970-01-01T00:00:00.000Z');
    expect(read(at + 0.5, {}).time).toBe('2026-11-26T06:00:00.000Z');
  });

  it('refuses a line when full, and one longer than its bound (requestLine writes it)', () => {
    const queue = new RequestLineQueue(2);
    const at = Date.parse('2026-11-26T06:00:00.000Z');
    const line: RequestLine = { method: 'GET', route: '/*', status: 200, durationMs: 1, catalogVersion: 'v' };
    const long = { ...line, route: `/${'x'.repeat(MAX_QUEUED_LINE_BYTES)}` };
    expect(queue.add('info', at, long)).toBe(false);
    expect(JSON.parse(requestLine('info', at, long)).route).toBe(long.route);
    expect(queue.size).toBe(0);
    expect(queue.add('info', at, line)).toBe(true);
    expect(queue.add('debug', at + 1, line)).toBe(true);
    expect(queue.add('info', at, line)).toBe(false);
    const into = Buffer.alloc(1000);
    const end = queue.drainInto(into, 0);
    expect(into.toString('utf8', 0, end)).toBe(requestLine('info', at, line) + requestLine('debug', at + 1, line));
  });
});
