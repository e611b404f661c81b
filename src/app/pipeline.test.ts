import { describe, expect, it } from 'vitest';
import { type Answer, WebRequestFacts } from '../http/answer.ts';
import { PAGE_ERRORS, REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import { JSON_RPC_ERRORS } from '../mcp/json-rpc.ts';
import type { Logger } from '../observability/log/logger.ts';
import type { RequestLine } from '../observability/log/request-line.ts';
import { NO_METRICS } from '../observability/metrics/metrics-recorder.ts';
import { type Exchange, guarded, handleWith, refusalWith, type TableRow } from './pipeline.ts';

const ok: Answer = { status: 200, headers: {}, body: 'ok' };

/** A logger that keeps what it is given. */
function keepingLogger() {
  const lines: { line: RequestLine; level: string }[] = [];
  const errors: string[] = [];
  const logger = {
    request: (line: RequestLine, level = 'info') => lines.push({ line, level }),
    error: (scope: string) => errors.push(scope),
  } as unknown as Logger;
  return { logger, lines, errors };
}

/** A table of three routes: an API that fails, an MCP endpoint that fails, and pages that answer. */
function table(logger: Logger): TableRow[] {
  const row = (entry: Omit<RouteEntry<never>, 'netlify' | 'template' | 'handler'>, answer: () => Answer | null): TableRow => {
    const full = { ...entry, netlify: [], template: (p: string) => `${p}{t}`, handler: () => null } as RouteEntry<never>;
    return { entry: full, match: entry.match, onlyFiles: null, route: guarded(logger, full, { plain: answer }) };
  };
  const fail = () => {
    throw new Error('boom');
  };
  return [
    row({ name: 'api', match: (p) => p.startsWith('/api'), errors: REST_ERRORS, allow: 'GET, OPTIONS' }, fail),
    row({ name: 'mcp', match: (p) => p === '/mcp', errors: JSON_RPC_ERRORS, allow: 'GET, HEAD, POST, OPTIONS', quiet: true }, fail),
    row({ name: 'gone', match: (p) => p === '/gone', errors: REST_ERRORS }, () => null),
    row({ name: 'pages', match: (p) => p.startsWith('/p/'), errors: PAGE_ERRORS }, () => ok),
  ];
}

const exchange = (path: string | null, method = 'GET'): Exchange =>
  path === null
    ? { method, path, facts: () => new WebRequestFacts(new Request('https://x.example/')) }
    : new WebRequestFacts(new Request(`https://x.example${path}`, { method }));

const bodyOf = async (answer: unknown) =>
  JSON.parse((await (answer as Promise<Answer> | Answer)).body as string) as Record<string, unknown>;

describe('the request pipeline', () => {
  it("answers each route, a failure in the route's own error shape, and logs its template once done", async () => {
    const { logger, lines, errors } = keepingLogger();
    const handle = handleWith(table(logger), {
      logger,
      metrics: NO_METRICS,
      catalogVersion: () => 'v1',
      template: (r, p) => r.entry.template(p, undefined as never),
    });
    const page = handle(exchange('/p/1'));
    expect(page.answer).toBe(ok);
    page.done(200);
    expect(lines).toEqual([
      { line: { method: 'GET', route: '/p/1{t}', status: 200, durationMs: expect.any(Number), catalogVersion: 'v1' }, level: 'info' },
    ]);
    const api = handle(exchange('/api/x'));
    expect(await bodyOf(api.answer)).toMatchObject({ code: 'INTERNAL_ERROR' });
    const mcp = handle(exchange('/mcp', 'POST'));
    expect(await bodyOf(mcp.answer)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } });
    expect(errors).toEqual(['api', 'mcp']);
    // A client that left: no status, the line says so, at the route's level.
    mcp.done(null);
    expect(lines.at(-1)).toMatchObject({ line: { route: '/mcp{t}', status: null, aborted: true }, level: 'debug' });
    expect(mcp.failure().status).toBe(500);
    expect(page.failure().body).toBe('Erro interno.\n');
  });

  it("answers the contract's 404 where no route answers or a route declines, and a target that is not a path 400", async () => {
    const { logger, lines } = keepingLogger();
    const handle = handleWith(table(logger), { logger, metrics: NO_METRICS, catalogVersion: () => null, template: () => 'x' });
    const none = handle(exchange('/nowhere'));
    expect(await bodyOf(none.answer)).toMatchObject({ code: 'API_ROUTE_NOT_FOUND' });
    expect(await bodyOf(handle(exchange('/gone')).answer)).toMatchObject({ code: 'API_ROUTE_NOT_FOUND' });
    const star = handle(exchange(null, 'OPTIONS'));
    expect(await bodyOf(star.answer)).toMatchObject({ code: 'INVALID_REQUEST_TARGET' });
    none.done(404);
    star.done(400);
    expect(lines.map(({ line }) => line.route)).toEqual(['/*', '(not a path)']);
  });

  it("refuses what a parser refused in its path's route's shape, naming that route's methods on a 405", async () => {
    const refused = refusalWith(table(keepingLogger().logger));
    const mcp = refused('/mcp', 'METHOD_NOT_ALLOWED');
    expect(mcp.status).toBe(405);
    expect(mcp.headers.Allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(await bodyOf(mcp)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Method not allowed: the request was not read' },
    });
    const api = refused('/api/v1', 'METHOD_NOT_ALLOWED');
    expect(api.headers.Allow).toBe('GET, OPTIONS');
    expect(await bodyOf(api)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    expect(refused('/p/1', 'METHOD_NOT_ALLOWED').headers.Allow).toBe('GET, HEAD, OPTIONS');
    const timeout = refused(null, 'REQUEST_TIMEOUT');
    expect(timeout.status).toBe(408);
    expect(await bodyOf(timeout)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(timeout.headers.Allow).toBeUndefined();
  });
});
