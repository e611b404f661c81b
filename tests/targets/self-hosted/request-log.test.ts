/**
 * The request log of the built server, read off its stdout: every line a request owes is written
 * before a normal shutdown exits (the log is asynchronous: src/observability/log/log-destination.ts),
 * each line has the shape the privacy policy lists, and no client address ever appears.
 */
import { describe, expect, inject, it } from 'vitest';
import { REQUEST_LOG_FIELDS } from '../../../src/observability/log/logger.ts';
import { startBuiltServer } from '../../support/built-server.ts';
import { requestOnce } from '../../support/raw-http.ts';

const parse = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const STATS = '/api/public/v1/products/1/stats';

describe('the request log of the built server', () => {
  it('writes every line it owes before a SIGTERM shutdown exits, each in the shape the privacy policy lists', async () => {
    const server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
    let answered = 0;
    let stopping = false;
    // Clients that keep asking until the server stops: the last lines are logged moments before it exits.
    const client = async () => {
      while (true) {
        try {
          const response = await fetch(server.baseUrl + STATS);
          await response.text();
          if (response.status === 200) answered++;
        } catch {
          if (stopping) return;
        }
      }
    };
    const clients = Array.from({ length: 16 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stopping = true;
    await server.stop();
    await Promise.all(clients);

    const lines = parse(server.stdout());
    const requests = lines.filter((line) => line.msg === 'request');
    expect(answered).toBeGreaterThan(100);
    expect(requests.filter((line) => line.status === 200)).toHaveLength(answered);
    for (const line of requests) {
      expect(Object.keys(line)).toEqual(REQUEST_LOG_FIELDS.filter((name) => name !== 'aborted'));
      expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/public/v1/products/{productId}/stats' });
    }
    for (const line of lines) {
      expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(['debug', 'info', 'warn', 'error']).toContain(line.level);
      expect(line).not.toHaveProperty('pid');
      expect(line).not.toHaveProperty('hostname');
    }
    expect(lines.at(-1)).toMatchObject({ level: 'info', scope: 'server', msg: 'stopped' });
  });

  it.each([
    ['behind a proxy (TRUST_PROXY=on)', 'on'],
    ['reached directly (TRUST_PROXY=off)', 'off'],
  ])('never writes a client address, %s', async (_, trustProxy) => {
    // Quotas on (the address is read and hashed for them), a REST quota that runs out (429s and
    // the quota path's own lines), health probes logged (debug).
    const server = await startBuiltServer({
      CATALOG_DB: inject('sampleSnapshot'),
      TRUST_PROXY: trustProxy,
      RATE_LIMIT_REST: '1',
      LOG_LEVEL: 'debug',
    });
    const forwarded = ['203.0.113.77', '2001:db8::77', '198.51.100.9, 203.0.113.78', '::ffff:192.0.2.5'];
    try {
      for (const address of forwarded) {
        for (const path of [STATS, '/api/public/v1/merchants/1/stats', '/healthz', '/readyz', '/nada', '/produtos/1/x']) {
          await (await fetch(server.baseUrl + path, { headers: { 'X-Forwarded-For': address }, redirect: 'manual' })).text();
        }
        const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_product', arguments: { productId: 1 } } };
        await (
          await fetch(`${server.baseUrl}/mcp`, {
            method: 'POST',
            headers: { 'X-Forwarded-For': address, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
            body: JSON.stringify(call),
          })
        ).text();
      }
      // A target that is not a path, over a raw socket.
      await requestOnce(server.baseUrl, { method: 'GET', target: 'http://203.0.113.77/', headers: [['X-Forwarded-For', '203.0.113.77']] });
    } finally {
      await server.stop();
    }
    const lines = parse(server.stdout());
    const statuses = lines.filter((line) => line.msg === 'request').map((line) => line.status);
    expect(statuses).toContain(429);
    expect(statuses).toContain(400);
    expect(lines.filter((line) => line.route === '/healthz')).toHaveLength(forwarded.length);
    // Every line of the log but the one that says where the server listens (its own address, not a client's).
    const logged = server
      .stdout()
      .split('\n')
      .filter((line) => !line.includes('listening on'))
      .join('\n');
    expect(logged).not.toMatch(/203\.0\.113|2001:db8|198\.51\.100|192\.0\.2|127\.0\.0\.1|::1\b|::ffff/i);
  });
});
