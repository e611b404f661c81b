import { parseList } from 'structured-headers';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker } from '../support/document-validators.ts';
import { connectSdkClient, type Fetch } from './mcp-contract.ts';

/**
 * The quota suites' window: a day. A suite must not straddle two windows, so it waits when the
 * window ends within two minutes (awayFromWindowEnd); with an hour's window that wait fell on
 * one run in thirty and cost up to two minutes, with a day's only near midnight UTC.
 */
export const QUOTA_TEST_WINDOW_SECONDS = 86_400;

/** The quotas a quota suite's target runs with: small, and windows long enough not to end mid-suite. */
export const SMALL_QUOTAS = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_WINDOW_SECONDS: String(QUOTA_TEST_WINDOW_SECONDS),
  RATE_LIMIT_REST: '5',
  RATE_LIMIT_DISTINCT_IDS: '3',
  RATE_LIMIT_DISTINCT_WINDOW_SECONDS: String(QUOTA_TEST_WINDOW_SECONDS),
  RATE_LIMIT_MCP_CALLS: '2',
  RATE_LIMIT_MCP_REQUESTS: '4',
};

/** Waits past the end of the current window when it would end within `seconds` (a suite must not straddle two). */
export async function awayFromWindowEnd(seconds: number, windowSeconds = QUOTA_TEST_WINDOW_SECONDS): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}

/** A target that tells clients apart by X-Forwarded-For (a trusted proxy self-hosted, the platform on Netlify). */
export type ClientSend = (client: string, path: string, init?: RequestInit) => Promise<Response>;

/** A ClientSend to a server behind a trusted proxy: each client named in X-Forwarded-For, to the base URL `at()` gives. */
export const forwardedSend =
  (at: () => string): ClientSend =>
  (client, path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', client);
    return fetch(at() + path, { ...init, headers });
  };

/** A Fetch (what the SDK client calls) that sends every request as `address` through a ClientSend. */
export const fetchAs =
  (send: ClientSend, address: string): Fetch =>
  async (request) => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : undefined;
    return send(address, url.pathname + url.search, { method: request.method, headers: request.headers, body });
  };

function fields(header: string | null) {
  expect(header).not.toBeNull();
  return Object.fromEntries(parseList(header!).map(([name, params]) => [String(name), Object.fromEntries(params)]));
}

/**
 * Public quotas, end to end (docs/api.md, public quotas): a burst from
 * one client gets 429s a client can act on; another client is unaffected.
 */
export function describeQuotaContract(target: string, send: () => ClientSend) {
  describe(`public quotas: ${target}`, () => {
    let check: Awaited<ReturnType<typeof openApiChecker>>;
    // Clients of their own for each run (a target's store may outlive a run, and its window is an
    // hour): eight of the 131,072 addresses of the benchmarking range 198.18.0.0/15.
    const base = Math.floor(Math.random() * 16_384) * 8;
    const client = (n: number) => `198.${18 + (base >> 16)}.${(base >> 8) & 255}.${(base & 255) + n}`;

    beforeAll(async () => {
      await awayFromWindowEnd(120);
      check = await openApiChecker(await (await send()(client(3), '/openapi.json')).json());
    });

    it('answers a REST burst with 429 past the quota, with Retry-After and the RateLimit fields; another client is unaffected', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const ok = await send()(client(0), '/api/public/v1/merchants/1/stats');
        statuses.push(ok.status);
        expect(fields(ok.headers.get('ratelimit'))).toEqual({ rest: { r: 4 - i, t: expect.any(Number) } });
        expect(fields(ok.headers.get('ratelimit-policy'))).toEqual({ rest: { q: 5, w: QUOTA_TEST_WINDOW_SECONDS } });
        // Still publicly cacheable, but not with this client's quota fields (RFC 9111, qualified private).
        expect(ok.headers.get('cache-control')).toMatch(
          /^public, max-age=\d+, stale-while-revalidate=\d+, private="RateLimit, RateLimit-Policy"$/,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const refused = await send()(client(0), '/api/public/v1/merchants/1/stats');
      const body = await refused.text();
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= QUOTA_TEST_WINDOW_SECONDS).toBe(true);
      expect(fields(refused.headers.get('ratelimit')).rest).toMatchObject({ r: 0 });
      expect(JSON.parse(body)).toEqual({
        error: 'Rate limit exceeded',
        code: 'RATE_LIMIT_EXCEEDED',
        message: 'Rate limit exceeded',
        resolution: expect.any(String),
      });
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      expect(check('getCatalogMerchantStats', { status: 429, headers: refused.headers, body })).toEqual([]);

      const other = await send()(client(1), '/api/public/v1/merchants/1/stats');
      expect(other.status).toBe(200);
    });

    it('refuses a new product id past the distinct-ids guard, still answering ids already asked for', async () => {
      for (const id of [1, 2, 3]) expect((await send()(client(2), `/api/public/v1/products/${id}/stats`)).status).toBe(200);
      const fourth = await send()(client(2), '/api/public/v1/products/4/stats');
      expect(fourth.status).toBe(429);
      expect(fields(fourth.headers.get('ratelimit')).ids).toMatchObject({ r: 0 });
      expect((await send()(client(2), '/api/public/v1/products/2/stats')).status).toBe(200);
    });

    it('answers MCP past its quota with HTTP 429 and a JSON-RPC error carrying the request id; the SDK client sees the 429', async () => {
      const sdk = await connectSdkClient(fetchAs(send(), client(3)));
      // initialize and its notification were POSTs 1 and 2; two tool calls fill the tool-call quota.
      await sdk.callTool({ name: 'catalog_overview', arguments: {} });
      await sdk.callTool({ name: 'catalog_overview', arguments: {} });
      await expect(sdk.callTool({ name: 'catalog_overview', arguments: {} })).rejects.toMatchObject({ status: 429 });
      await sdk.close();

      const raw = await send()(client(3), '/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 'ask-41', method: 'tools/list', params: {} }),
      });
      expect(raw.status).toBe(429);
      const retryAfter = Number(raw.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
      expect(await raw.json()).toEqual({
        jsonrpc: '2.0',
        id: 'ask-41',
        error: { code: -32000, message: 'Rate limit exceeded', data: { code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: retryAfter } },
      });
      expect(fields(raw.headers.get('ratelimit-policy'))).toEqual({ mcp: { q: 4, w: QUOTA_TEST_WINDOW_SECONDS } });
    });

    it('counts a UCP lookup as one use per distinct id: over REST, and over MCP as tool calls', async () => {
      const lookup = (address: string, ids: string[]) =>
        send()(address, '/ucp/catalog/lookup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'UCP-Agent': 'profile="https://platform.example/p.json"' },
          body: JSON.stringify({ ids }),
        });
      const three = await lookup(client(4), ['1', '2', '3', '3']);
      expect(three.status).toBe(200);
      expect(fields(three.headers.get('ratelimit'))).toEqual({ rest: { r: 2, t: expect.any(Number) } });
      const over = await lookup(client(4), ['4', '5', '6']);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await over.json()).toMatchObject({ code: 'rate_limit_exceeded' });

      const call = (address: string, ids: string[]) =>
        send()(address, '/ucp/mcp', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 9,
            method: 'tools/call',
            params: { name: 'lookup_catalog', arguments: { catalog: { ids } } },
          }),
        });
      // The tool-call quota is 2: a lookup of two ids fills it, one of three is refused.
      expect((await call(client(5), ['1', '2'])).status).toBe(200);
      const refused = await call(client(6), ['1', '2', '3']);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ id: 9, error: { code: -32000 } });
    });

    it('does not limit the public documents', async () => {
      for (let i = 0; i < 7; i++) expect((await send()(client(0), '/llms.txt')).status).toBe(200);
    });
  });
}
