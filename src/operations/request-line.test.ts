import { describe, expect, it } from 'vitest';
import { type RequestLine, RequestLineEncoder, requestLine } from './request-line.ts';

const TIME = ',"time":"2026-11-26T06:00:00.000Z"';

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

describe('RequestLineEncoder', () => {
  const encoded = (encoder: RequestLineEncoder, level: 'debug' | 'info', time: string, line: RequestLine) => {
    const into = Buffer.alloc(4096, 0x2a);
    const end = encoder.encode(into, 7, level, time, line);
    expect(into.subarray(0, 7).every((byte) => byte === 0x2a)).toBe(true);
    return end < 0 ? null : into.toString('utf8', 7, end);
  };

  it('writes requestLine’s bytes, whatever the method, status, duration, version and time', () => {
    const encoder = new RequestLineEncoder();
    const methods = ['GET', 'POST', 'PO"ST', 'X\\Y', 'A\nB', 'ÇÃO', '\u0000'];
    const durations = [0, 0.04, 0.05, 0.06, 0.95, 1, 9.96, 10, 12.345, 99999.99, 1234567.8, 2 ** 40];
    const times = [TIME, ',"time":"2026-11-26T06:00:00.001Z"'];
    let lines = 0;
    for (const time of times)
      for (const method of methods)
        for (const durationMs of durations)
          for (const [status, aborted] of [
            [200, false],
            [404, false],
            [null, true],
          ] as const)
            for (const catalogVersion of ['0b6ee21dd7a18610', null, 'v"1'])
              for (const level of ['info', 'debug'] as const) {
                const line: RequestLine = {
                  method,
                  route: '/api/public/v1/products/{productId}/stats',
                  status,
                  durationMs,
                  catalogVersion,
                  ...(aborted ? { aborted } : {}),
                };
                expect(encoded(encoder, level, time, line)).toBe(requestLine(level, time, line));
                lines++;
              }
    expect(lines).toBeGreaterThan(3000);
  });

  it('writes nothing when the line does not fit, or its duration is not a number of milliseconds', () => {
    const encoder = new RequestLineEncoder();
    const line: RequestLine = { method: 'GET', route: '/*', status: 200, durationMs: 1, catalogVersion: 'v' };
    const text = requestLine('info', TIME, line);
    const into = Buffer.alloc(text.length + 40);
    expect(encoder.encode(into, 0, 'info', TIME, line)).toBe(text.length);
    expect(encoder.encode(into, 60, 'info', TIME, line)).toBe(-1);
    for (const durationMs of [Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      expect(encoder.encode(into, 0, 'info', TIME, { ...line, durationMs })).toBe(-1);
    }
  });
});
