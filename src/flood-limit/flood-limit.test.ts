import { describe, expect, it } from 'vitest';
import { createApp } from '../app/app.ts';
import { loadConfig } from '../config/config.ts';
import { WebRequestFacts } from '../http/answer.ts';
import type { QuotaStore } from '../quota/quota-store.ts';
import { firstLineAnswer, firstLineNote, NETLIFY_FIRST_LINE } from './flood-limit.ts';

/** The answer of the first line to a request, as a client reads it. */
async function answer(path: string, init: RequestInit = {}) {
  const found = await firstLineAnswer(new WebRequestFacts(new Request(`https://site.example${path}`, init)));
  return { status: found.status, headers: new Headers(found.headers), body: JSON.parse(found.body as string) as unknown };
}

const post = (body: string): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

const REST_429 = {
  error: 'Rate limit exceeded',
  code: 'RATE_LIMIT_EXCEEDED',
  message: 'Rate limit exceeded',
  resolution: expect.any(String),
};
const mcp429 = (id: string | number | null) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32000, message: 'Rate limit exceeded', data: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 60 } },
});

describe("Netlify's first line: the answer a rewritten request gets", () => {
  it("is the contract's REST 429 with Retry-After and the RateLimit fields, never cached", async () => {
    const { status, headers, body } = await answer('/_rate-limited');
    expect(status).toBe(429);
    expect(body).toEqual(REST_429);
    expect(headers.get('retry-after')).toBe('60');
    expect(headers.get('ratelimit-policy')).toBe('"flood";q=1200;w=60');
    expect(headers.get('ratelimit')).toBe('"flood";r=0;t=60');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('access-control-expose-headers')).toContain('Retry-After');
    // Should Netlify hand over the path asked for, a REST path gets the same answer.
    expect((await answer('/api/public/v1/merchants/1/stats')).body).toEqual(REST_429);
  });

  it('answers a JSON-RPC request with the MCP 429: error -32000 carrying its id', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 'ask-7', method: 'tools/call', params: { name: 'get_product' } });
    const refused = await answer('/_rate-limited', post(call));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(mcp429('ask-7'));
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit')).toBe('"flood";r=0;t=60');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await answer('/_rate-limited', post('{"jsonrpc":"2.0","id":41,"method":"ping"}'))).body).toEqual(mcp429(41));
    // A notification, a batch, an id that is not one: no id to give back.
    expect((await answer('/_rate-limited', post('{"jsonrpc":"2.0","method":"notifications/initialized"}'))).body).toEqual(mcp429(null));
    expect((await answer('/_rate-limited', post('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'))).body).toEqual(mcp429(null));
    expect((await answer('/_rate-limited', post('{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}'))).body).toEqual(mcp429(null));
  });

  it('answers the MCP paths, should Netlify hand them over, in the MCP shape whatever the body', async () => {
    expect((await answer('/mcp', post('not json'))).body).toEqual(mcp429(null));
    expect((await answer('/mcp/research', { method: 'GET' })).body).toEqual(mcp429(null));
    expect((await answer('/mcp', post('{"jsonrpc":"2.0","id":"x","method":"tools/list"}'))).body).toEqual(mcp429('x'));
  });

  it('gives the REST answer to anything else: other JSON, no JSON, a body past 64 KiB', async () => {
    expect((await answer('/_rate-limited', post('{"id":3}'))).body).toEqual(REST_429);
    expect((await answer('/_rate-limited', post('<xml/>'))).body).toEqual(REST_429);
    const big = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping', params: { pad: 'x'.repeat(70_000) } });
    expect((await answer('/_rate-limited', post(big))).body).toEqual(REST_429);
    expect((await answer('/_rate-limited', { method: 'DELETE' })).body).toEqual(REST_429);
  });
});

describe("Netlify's first line: its route in the app", () => {
  it('answers the same 429 when asked for directly, counting nothing and opening no snapshot', async () => {
    const uses: string[] = [];
    const store: QuotaStore = {
      take: (key) => {
        uses.push(key);
        return { allowed: true, used: 1 };
      },
      remember: (key) => {
        uses.push(key);
        return { allowed: true, used: 1 };
      },
      secret: async () => 'a secret of sixteen characters or more',
      ping: async () => {},
    };
    const config = loadConfig({ CATALOG_DB: 'no-such-dir/catalog.sqlite', LOG_LEVEL: 'error' });
    const app = createApp(config, { quotaStore: () => ({ store, timeoutMs: null }), checkHost: false });
    try {
      expect(app.route('/_rate-limited')?.name).toBe('rateLimited');
      const rest = await app.fetch(new Request('https://site.example/_rate-limited'), '203.0.113.9');
      expect(rest.status).toBe(429);
      expect(await rest.json()).toEqual(REST_429);
      expect(rest.headers.get('retry-after')).toBe('60');
      const call = JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'catalog_overview' } });
      const mcp = await app.fetch(new Request('https://site.example/_rate-limited', post(call)), '203.0.113.9');
      expect(mcp.status).toBe(429);
      expect(await mcp.json()).toEqual(mcp429(5));
      // The counted routes do count with this store: the first line's answers did not.
      expect(uses).toEqual([]);
      expect(app.catalogVersion()).toBeNull();
      expect(app.template(app.route('/_rate-limited'), '/_rate-limited')).toBe('/_rate-limited');
      // Only the path itself: nothing under it, nothing beside it.
      expect(app.route('/_rate-limited/x')?.name).not.toBe('rateLimited');
      expect(app.route('/_rate-limitedx')?.name).not.toBe('rateLimited');
    } finally {
      app.close();
    }
  });
});

describe("Netlify's first line: its fixed numbers against the configured quotas", () => {
  const limits = (env: Record<string, string> = {}) => loadConfig(env).rateLimits;

  it('stays several times above the default quotas, so a client within them never meets it', () => {
    const defaults = limits();
    const perMinute = ((defaults.rest + defaults.mcpRequests) * 60) / defaults.windowSeconds;
    expect(NETLIFY_FIRST_LINE.windowLimit / (perMinute * (NETLIFY_FIRST_LINE.windowSize / 60))).toBeGreaterThanOrEqual(3);
    // Even a client that spends a whole window's quotas at the end of one window and again at
    // the start of the next stays under it.
    expect(firstLineNote(defaults)).toBeNull();
    // Netlify's docs and its own agent guidance: a window of at most 180 s.
    expect(NETLIFY_FIRST_LINE.windowSize).toBeLessThanOrEqual(180);
  });

  it('names the configuration a fixed first line would refuse within its quotas', () => {
    expect(firstLineNote(limits({ RATE_LIMIT_REST: '400' }))).toMatch(/up to 1280 in 60 s: raise windowLimit/);
    // Short windows: a minute spans seven 10-second windows.
    expect(firstLineNote(limits({ RATE_LIMIT_WINDOW_SECONDS: '10' }))).toMatch(/one address may send up to 2520 in 60 s/);
    expect(firstLineNote(limits({ RATE_LIMIT_NETWORKS: 'claude x20 160.79.104.0/21' }))).toMatch(
      /an address of a shared network \(x20\) may send up to 14400 in 60 s/,
    );
    expect(firstLineNote(limits({ RATE_LIMIT_NETWORKS: 'small x1 192.0.2.0/24' }))).toBeNull();
    expect(firstLineNote(limits({ RATE_LIMIT_REST: '400', RATE_LIMITS: 'off' }))).toBeNull();
  });
});
