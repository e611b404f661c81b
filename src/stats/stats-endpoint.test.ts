import { describe, expect, it, vi } from 'vitest';
import type { CatalogReader, EngagementCounts, MerchantTotals } from '../catalog-read/catalog-reader.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaDecision } from '../quota/rate-limiter.ts';
import { createStatsEndpoint, STATS_METHODS, type StatsDeps } from './stats-endpoint.ts';
import { MerchantStatsSchema, ProductStatsSchema } from './stats-schemas.ts';

/** A reader with what the stats read: product 1 has counters, merchant 1 has totals; nothing else does. */
function fakeCatalog(version = 'v1') {
  const engagement = new Map<number, EngagementCounts>([[1, { views: 120, likes: 14, dislikes: 2 }]]);
  const totals = new Map<number, MerchantTotals>([[1, { productsCount: 3, storesCount: 2, views: 150, likes: 15, dislikes: 2 }]]);
  return {
    meta: { catalogVersion: version, generatedAt: '2026-01-02T03:04:05.000Z' },
    productEngagement: vi.fn((id: number) => engagement.get(id)),
    merchantTotals: vi.fn((id: number) => totals.get(id)),
  };
}
const asReader = (fake: ReturnType<typeof fakeCatalog>) => fake as unknown as CatalogReader;

function endpoint(overrides: Partial<StatsDeps> = {}) {
  const catalog = fakeCatalog();
  const handle = createStatsEndpoint({
    catalog: () => asReader(catalog),
    cache: { maxAge: 60, staleWhileRevalidate: 30 },
    siteUrl: 'https://catalog.example',
    quota: null,
    cdn: null,
    ...overrides,
  });
  return { catalog, handle };
}

const facts = (pathname: string, method = 'GET', headers: Record<string, string> = {}): RequestFacts => ({
  method,
  pathname,
  search: '',
  client: { address: '192.0.2.1' },
  header: (name) => headers[name] ?? null,
});

const PRODUCT = '/api/public/v1/products/1/stats';
const MERCHANT = '/api/public/v1/merchants/1/stats';

/** The answer of a synchronous endpoint (no quota store, or a synchronous one). */
const now = (answer: Answer | Promise<Answer>): Answer => {
  expect(answer).not.toBeInstanceOf(Promise);
  return answer as Answer;
};
const json = (answer: Answer) => JSON.parse(answer.body as string);

describe('the stats endpoint', () => {
  it("answers a product's counters and a merchant's totals, in the contract's shapes", () => {
    const { handle } = endpoint();
    const product = now(handle(facts(PRODUCT)));
    expect(product.status).toBe(200);
    expect(json(product)).toEqual({ productId: 1, viewsCount: 120, likesCount: 14, dislikesCount: 2 });
    expect(ProductStatsSchema.parse(json(product))).toBeTruthy();
    const merchant = now(handle(facts(MERCHANT)));
    expect(json(merchant)).toEqual({ merchantId: 1, productsCount: 3, storesCount: 2, viewsCount: 150, likesCount: 15, dislikesCount: 2 });
    expect(MerchantStatsSchema.parse(json(merchant))).toBeTruthy();
  });

  it('answers zeros for an id the snapshot has no counters for (ids are not checked for existence)', () => {
    const { handle } = endpoint();
    expect(json(now(handle(facts('/api/public/v1/products/9007199254740991/stats'))))).toEqual({
      productId: 9007199254740991,
      viewsCount: 0,
      likesCount: 0,
      dislikesCount: 0,
    });
    expect(json(now(handle(facts('/api/public/v1/merchants/42/stats'))))).toEqual({
      merchantId: 42,
      productsCount: 0,
      storesCount: 0,
      viewsCount: 0,
      likesCount: 0,
      dislikesCount: 0,
    });
  });

  it("is cacheable: the policy, an ETag, the snapshot's version and time; 304 on a match", () => {
    const { handle } = endpoint();
    const first = now(handle(facts(PRODUCT)));
    expect(first.headers).toMatchObject({
      'Cache-Control': 'public, max-age=60, stale-while-revalidate=30',
      'Content-Type': 'application/json; charset=utf-8',
      'Catalog-Version': 'v1',
      'Catalog-Generated-At': '2026-01-02T03:04:05.000Z',
      'Access-Control-Allow-Origin': '*',
    });
    const etag = first.headers.ETag!;
    expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    const again = now(handle(facts(PRODUCT, 'GET', { 'if-none-match': `W/${etag}` })));
    expect(again).toMatchObject({ status: 304, body: null });
    expect(again.headers.ETag).toBe(etag);
    expect(now(handle(facts(PRODUCT, 'GET', { 'if-none-match': '"other"' }))).status).toBe(200);
    // The merchant's answer is another body, another tag.
    expect(now(handle(facts(MERCHANT))).headers.ETag).not.toBe(etag);
  });

  it('renders an answer once per reader, and afresh for a new snapshot', () => {
    let catalog = fakeCatalog('v1');
    const { handle } = endpoint({ catalog: () => asReader(catalog) });
    for (let i = 0; i < 3; i++) now(handle(facts(PRODUCT)));
    expect(catalog.productEngagement).toHaveBeenCalledTimes(1);
    const old = catalog;
    catalog = fakeCatalog('v2');
    const answer = now(handle(facts(PRODUCT)));
    expect(catalog.productEngagement).toHaveBeenCalledTimes(1);
    expect(old.productEngagement).toHaveBeenCalledTimes(1);
    expect(answer.headers['Catalog-Version']).toBe('v2');
  });

  it('refuses an id that is not a canonical positive integer, naming which id', () => {
    const { handle, catalog } = endpoint();
    for (const id of ['0', '01', '-1', '1.0', '1e3', 'abc', '', '9007199254740992', '%31']) {
      const product = now(handle(facts(`/api/public/v1/products/${id}/stats`)));
      expect([product.status, json(product).code], id).toEqual([400, 'INVALID_PRODUCT_ID']);
      const merchant = now(handle(facts(`/api/public/v1/merchants/${id}/stats`)));
      expect([merchant.status, json(merchant).code], id).toEqual([400, 'INVALID_MERCHANT_ID']);
      expect(product.headers['Cache-Control']).toBe('no-store');
    }
    expect(catalog.productEngagement).not.toHaveBeenCalled();
    expect(catalog.merchantTotals).not.toHaveBeenCalled();
  });

  it("answers every other path under /api with the contract's 404, pointing at the OpenAPI document", () => {
    const { handle } = endpoint();
    for (const path of [
      '/api',
      '/api/',
      '/api/public/v1/products/1',
      '/api/public/v1/stores/1/stats',
      '/api/public/v1/products/1/stats/',
      '/api/public/v2/products/1/stats',
    ]) {
      const answer = now(handle(facts(path)));
      expect(answer.status, path).toBe(404);
      expect(json(answer)).toMatchObject({
        code: 'API_ROUTE_NOT_FOUND',
        resolution: 'See https://catalog.example/openapi.json for the available routes.',
      });
    }
  });

  it('allows GET and OPTIONS only: a preflight for OPTIONS, 405 naming them for the rest', () => {
    const { handle, catalog } = endpoint();
    const preflight = now(handle(facts(PRODUCT, 'OPTIONS')));
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({ Allow: STATS_METHODS, 'Access-Control-Allow-Methods': 'GET, OPTIONS' });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = now(handle(facts(MERCHANT, method)));
      expect([answer.status, json(answer).code], method).toEqual([405, 'METHOD_NOT_ALLOWED']);
      expect(answer.headers.Allow).toBe('GET, OPTIONS');
    }
    expect(catalog.merchantTotals).not.toHaveBeenCalled();
    // No preflight for a path that is not a route.
    expect(now(handle(facts('/api/nothing', 'OPTIONS'))).status).toBe(404);
  });

  it('lets a missing snapshot throw, for the route to answer 500', () => {
    const { handle } = endpoint({
      catalog: () => {
        throw new Error('no snapshot');
      },
    });
    expect(() => handle(facts(PRODUCT))).toThrow('no snapshot');
    // Refusals need no snapshot.
    expect(now(handle(facts('/api/public/v1/products/0/stats'))).status).toBe(400);
  });
});

describe('the stats endpoint with quotas', () => {
  const FIELDS = { 'RateLimit-Policy': '"rest";q=5;w=60', RateLimit: '"rest";r=4;t=60' };
  const gate = (decide: (productId: number | null) => QuotaDecision | Promise<QuotaDecision>) => {
    const rest = vi.fn((_client: unknown, productId: number | null) => decide(productId));
    return { rest, mcp: vi.fn() } as unknown as QuotaGate & { rest: typeof rest; mcp: ReturnType<typeof vi.fn> };
  };
  const allowed: QuotaDecision = { allowed: true, retryAfter: null, headers: FIELDS };
  const cdn = { 'Netlify-Vary': 'header=x' };

  it("counts every request but a preflight, and a valid product id against the enumeration guard; the client's fields kept from shared caches", () => {
    const quota = gate(() => allowed);
    const { handle } = endpoint({ quota, cdn });
    const answer = now(handle(facts(PRODUCT)));
    expect(answer.headers).toMatchObject({ ...FIELDS, ...cdn });
    expect(answer.headers['Cache-Control']).toBe('public, max-age=60, stale-while-revalidate=30, private="RateLimit, RateLimit-Policy"');
    now(handle(facts(MERCHANT)));
    now(handle(facts('/api/public/v1/products/01/stats')));
    now(handle(facts('/api/nothing')));
    now(handle(facts(PRODUCT, 'POST')));
    now(handle(facts(PRODUCT, 'OPTIONS')));
    now(handle(facts('/api/nothing', 'OPTIONS')));
    expect(quota.rest.mock.calls.map(([, id]) => id)).toEqual([1, null, null, null, null, null]);
    // Refusals carry the fields too.
    expect(now(handle(facts('/api/nothing'))).headers).toMatchObject(FIELDS);
    expect(now(handle(facts('/api/public/v1/products/x/stats'))).headers).toMatchObject(FIELDS);
  });

  it('answers 429 with Retry-After once the quota is spent, before anything else', () => {
    const refused: QuotaDecision = { allowed: false, retryAfter: 17, headers: { ...FIELDS, RateLimit: '"rest";r=0;t=17' } };
    const { handle, catalog } = endpoint({ quota: gate(() => refused), cdn });
    for (const path of [PRODUCT, '/api/nothing', '/api/public/v1/products/0/stats']) {
      const answer = now(handle(facts(path)));
      expect([answer.status, json(answer).code], path).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
      expect(answer.headers).toMatchObject({ 'Retry-After': '17', RateLimit: '"rest";r=0;t=17', ...cdn });
    }
    expect(catalog.productEngagement).not.toHaveBeenCalled();
  });

  it('waits for a store that answers later', async () => {
    const { handle } = endpoint({ quota: gate(async () => allowed) });
    const pending = handle(facts(PRODUCT));
    expect(pending).toBeInstanceOf(Promise);
    const answer = await pending;
    expect(json(answer)).toMatchObject({ productId: 1, viewsCount: 120 });
    expect(answer.headers).toMatchObject(FIELDS);
  });
});
