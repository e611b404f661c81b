import { describe, expect, it } from 'vitest';
import { requestLine } from './request-line.ts';

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
