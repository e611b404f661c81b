import { describe, expect, it } from 'vitest';
import { ProductPriceHistorySchema } from '../../src/price-history/price-history-schema.ts';
import { INVALID_IDS } from '../support/invalid-ids.ts';
import { expectedMerchantStats, readSampleExport } from '../support/sample-export.ts';

/** How a contract suite reaches a deployment target: a Request in, the target's Response out. */
export type Send = (path: string, init?: RequestInit) => Promise<Response>;

const ERROR_KEYS = ['code', 'error', 'message', 'resolution'];
const sample = readSampleExport();

/** A product of the sample with non-zero counters, and one merchant with several products. */
const engagedProduct = sample.products.find((p) => (sample.engagement.get(p.id)?.views ?? 0) > 0)!;
const busyMerchant = sample.merchants.find((m) => sample.products.filter((p) => p.merchantId === m.id).length > 1)!;

async function expectApiError(response: Response, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
  expect(body).toMatchObject({ code, message, error: message });
  expect(typeof body.resolution).toBe('string');
  return body;
}

function expectCachedJson(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
  // With the client's quota fields (quotas on), a shared cache may keep the answer but not them.
  const quota = response.headers.has('ratelimit') ? ', private="RateLimit, RateLimit-Policy"' : '';
  expect(response.headers.get('cache-control')).toBe(`public, max-age=60, stale-while-revalidate=300${quota}`);
  expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/\s*,\s*/);
  expect(exposed).toEqual(expect.arrayContaining(['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Catalog-Version']));
  expect(response.headers.get('catalog-version')).toMatch(/^[0-9a-f]{16}$/);
  expect(Number.isNaN(Date.parse(response.headers.get('catalog-generated-at') ?? ''))).toBe(false);
}

/** The REST contract (docs/api.md), the same for every target. */
export function describeStatsContract(target: string, send: () => Send) {
  describe(`REST statistics contract: ${target}`, () => {
    it('answers product stats from the catalog, with no other properties', async () => {
      const response = await send()(`/api/public/v1/products/${engagedProduct.id}/stats`, { headers: { Accept: 'application/json' } });
      expect(response.status).toBe(200);
      expectCachedJson(response);
      const counts = sample.engagement.get(engagedProduct.id)!;
      expect(await response.json()).toStrictEqual({
        productId: engagedProduct.id,
        viewsCount: counts.views,
        likesCount: counts.likes,
        dislikesCount: counts.dislikes,
      });
    });

    it('answers 200 with zero counts for a valid id the catalog does not know, up to 2^53-1', async () => {
      for (const id of [9007199254740991, 987654321]) {
        const response = await send()(`/api/public/v1/products/${id}/stats`);
        expect(response.status).toBe(200);
        expect(await response.json()).toStrictEqual({ productId: id, viewsCount: 0, likesCount: 0, dislikesCount: 0 });
      }
    });

    it("answers merchant stats as sums over the merchant's published products", async () => {
      const response = await send()(`/api/public/v1/merchants/${busyMerchant.id}/stats`);
      expect(response.status).toBe(200);
      expectCachedJson(response);
      expect(await response.json()).toStrictEqual(expectedMerchantStats(sample, busyMerchant.id));
    });

    it('answers zero merchant stats for an unknown merchant id', async () => {
      const response = await send()('/api/public/v1/merchants/9007199254740991/stats');
      expect(await response.json()).toStrictEqual({
        merchantId: 9007199254740991,
        productsCount: 0,
        storesCount: 0,
        viewsCount: 0,
        likesCount: 0,
        dislikesCount: 0,
      });
    });

    it('ignores the query string', async () => {
      const response = await send()(`/api/public/v1/products/${engagedProduct.id}/stats?productId=2&x=%00`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { productId: number }).productId).toBe(engagedProduct.id);
    });

    it('refuses every id that is not a canonical positive integer with INVALID_PRODUCT_ID', async () => {
      await Promise.all(
        INVALID_IDS.map(async (id) => {
          const response = await send()(`/api/public/v1/products/${id}/stats`);
          await expectApiError(response, 400, 'INVALID_PRODUCT_ID', 'Product ID must be a positive integer');
        }),
      );
    });

    it('refuses invalid merchant ids with INVALID_MERCHANT_ID', async () => {
      await Promise.all(
        ['0', '-7', '01', 'abc', '9007199254740992', '%31'].map(async (id) => {
          const response = await send()(`/api/public/v1/merchants/${id}/stats`);
          await expectApiError(response, 400, 'INVALID_MERCHANT_ID', 'Merchant ID must be a positive integer');
        }),
      );
    });

    it('answers 405 with Allow for every method but GET and OPTIONS, HEAD included', async () => {
      await Promise.all(
        ['POST', 'PUT', 'PATCH', 'DELETE'].map(async (method) => {
          const response = await send()(`/api/public/v1/products/1/stats`, { method, body: method === 'DELETE' ? null : '{}' });
          expect(response.headers.get('allow')).toBe('GET, OPTIONS');
          await expectApiError(response, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
        }),
      );
      const head = await send()('/api/public/v1/merchants/1/stats', { method: 'HEAD' });
      expect(head.status).toBe(405);
      expect(head.headers.get('allow')).toBe('GET, OPTIONS');
    });

    it('answers a CORS preflight with 204 and the allowed methods and headers', async () => {
      const response = await send()('/api/public/v1/products/1/stats', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://agent.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('allow')).toBe('GET, OPTIONS');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['accept', 'content-type', 'if-none-match']));
      expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(await response.text()).toBe('');
    });

    it('revalidates with the ETag: 304 on a match (weak comparison), 200 otherwise', async () => {
      const path = `/api/public/v1/products/${engagedProduct.id}/stats`;
      const first = await send()(path);
      const etag = first.headers.get('etag')!;
      await Promise.all(
        [etag, `W/${etag}`, `"other", ${etag}`, '*'].map(async (header) => {
          const again = await send()(path, { headers: { 'If-None-Match': header } });
          expect(again.status).toBe(304);
          expect(again.headers.get('etag')).toBe(etag);
          expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
          expect(await again.text()).toBe('');
        }),
      );
      const miss = await send()(path, { headers: { 'If-None-Match': '"stale"' } });
      expect(miss.status).toBe(200);
      const other = await send()(`/api/public/v1/products/${engagedProduct.id + 1}/stats`);
      expect(other.headers.get('etag')).not.toBe(etag);
    });

    it("answers a published product's price history with the same contract, and 404 PRODUCT_NOT_FOUND for any other id", async () => {
      // The sample's past prices: a product whose price fell after a longer run at a higher one.
      const fell = [...sample.pastPrices].find(([, lines]) => lines.length === 2 && lines[0]!.priceCents > lines[1]!.priceCents)!;
      const path = `/api/public/v1/products/${fell[0]}/price-history`;
      const response = await send()(path);
      expect(response.status).toBe(200);
      expectCachedJson(response);
      const body = ProductPriceHistorySchema.parse(await response.json());
      expect(body.productId).toBe(fell[0]);
      expect(body.points.map((p) => [p.date, p.price.cents])).toEqual(expect.arrayContaining(fell[1].map((l) => [l.date, l.priceCents])));
      expect(body.priceHistory.lastChange?.previousPrice.cents).toBe(fell[1][0]!.priceCents);
      const etag = response.headers.get('etag')!;
      expect((await send()(path, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      const draft = sample.products.find((p) => p.publishedAt === null)!;
      for (const id of [draft.id, 9_007_199_254_740_991]) {
        await expectApiError(await send()(`/api/public/v1/products/${id}/price-history`), 404, 'PRODUCT_NOT_FOUND', 'Product not found');
      }
      await expectApiError(
        await send()('/api/public/v1/products/01/price-history'),
        400,
        'INVALID_PRODUCT_ID',
        'Product ID must be a positive integer',
      );
      const preflight = await send()(path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect((await send()(path, { method: 'POST' })).headers.get('allow')).toBe('GET, OPTIONS');
    });

    it('answers API_ROUTE_NOT_FOUND for every other path under /api/', async () => {
      await Promise.all(
        [
          '/api',
          '/api/',
          '/api/public/v1/products/1',
          '/api/public/v2/products/1/stats',
          '/api/public/v1/products/1/stats/',
          '/api/public/v1/stores/1/stats',
          '/api/public/v1/merchants/1/price-history',
          '/api/public/v1/products/1/price-history/',
          '/api/anything.json',
        ].map(async (path) => {
          const response = await send()(path);
          const body = await expectApiError(response, 404, 'API_ROUTE_NOT_FOUND', 'API route not found');
          expect(body.resolution).toMatch(/\/openapi\.json/);
        }),
      );
    });
  });
}

/** A target whose snapshot is missing: the contract's 500, never a crash or an internal detail. */
export function describeMissingSnapshotContract(target: string, send: () => Send) {
  describe(`REST without a readable snapshot: ${target}`, () => {
    it('answers 500 INTERNAL_ERROR JSON, with no internals', async () => {
      for (let i = 0; i < 2; i++) {
        const response = await send()('/api/public/v1/products/1/stats');
        const body = await expectApiError(response, 500, 'INTERNAL_ERROR', 'Internal server error');
        expect(JSON.stringify(body)).not.toMatch(/sqlite|snapshot|\bat \w|\.ts\b|\/tmp/i);
      }
    });

    it('still validates input and routes without touching the snapshot', async () => {
      await expectApiError(
        await send()('/api/public/v1/products/abc/stats'),
        400,
        'INVALID_PRODUCT_ID',
        'Product ID must be a positive integer',
      );
      await expectApiError(await send()('/api/nope'), 404, 'API_ROUTE_NOT_FOUND', 'API route not found');
    });
  });
}
