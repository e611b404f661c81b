import { beforeAll, describe, expect, it } from 'vitest';
import { ShowcaseSchema } from '../../src/showcase/showcase-schema.ts';
import { type LiveAnswer, openApiChecker } from '../support/document-validators.ts';
import { readSampleExport } from '../support/sample-export.ts';
import type { Send } from './stats-contract.ts';

const sample = readSampleExport();
/** The showcase by definition: published products, newest publication first, then the higher id. */
const newestIds = sample.products
  .filter((p) => p.publishedAt !== null)
  .sort((a, b) => Date.parse(b.publishedAt!) - Date.parse(a.publishedAt!) || b.id - a.id)
  .map((p) => p.id);

const STATIC_DOCUMENTS = [
  ['/gpt.json', 'application/json'],
  ['/llms.txt', 'text/plain'],
  ['/sitemap.xml', 'application/xml'],
  ['/openapi.json', 'application/json'],
  ['/api/openapi.yaml', 'application/yaml'],
] as const;

async function answerOf(response: Response): Promise<LiveAnswer> {
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/**
 * The public documents as a target serves them, and every REST answer it can give checked against
 * the OpenAPI document it serves (docs/api.md, public documents).
 */
export function describeDocumentsContract(target: string, send: () => Send, broken: () => Send) {
  describe(`public documents: ${target}`, () => {
    it('serves robots.txt naming the sitemap, with the endpoints kept from crawlers', async () => {
      const response = await send()('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const lines = (await response.text()).split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Disallow: /api/public/');
      expect(lines).toContain('Disallow: /ucp/');
      expect(lines.find((line) => line.startsWith('Sitemap: '))).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
    });

    it('serves every pre-rendered document with its media type, readable from any origin', async () => {
      for (const [path, type] of STATIC_DOCUMENTS) {
        const response = await send()(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toMatch(new RegExp(`^${type}\\b`));
        expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
        expect((await response.text()).length, path).toBeGreaterThan(100);
      }
    });

    it('answers other methods on the documents as the API does: the CORS preflight, or a 405 in the error contract', async () => {
      const asked = [
        ['POST', '/gpt.json'],
        ['DELETE', '/sitemap.xml'],
        ['PUT', '/llms.txt'],
      ] as const;
      for (const [method, path] of asked) {
        const response = await send()(path, { method, body: 'x' });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD, OPTIONS');
        expect(await response.json(), `${method} ${path}`).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
      }
      const preflight = await send()('/openapi.json', {
        method: 'OPTIONS',
        headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    });

    it('lists the newest published products in the showcase: default 10, clamped to 20 and said so', async () => {
      const byDefault = ShowcaseSchema.parse(await (await send()('/gpt/products.json')).json());
      expect(byDefault.products.map((p) => p.id)).toEqual(newestIds.slice(0, 10));
      expect(byDefault.limit).toMatchObject({ requested: null, applied: 10, clamped: false });
      const clamped = ShowcaseSchema.parse(await (await send()('/gpt/products.json?limit=500')).json());
      expect(clamped.products.map((p) => p.id)).toEqual(newestIds.slice(0, 20));
      expect(clamped.limit).toMatchObject({ requested: 500, applied: 20, max: 20, clamped: true });
      expect(clamped.message).toMatch(/500.*20 applied/);
      const largest = ShowcaseSchema.parse(await (await send()('/gpt/products.json?limit=9007199254740991')).json());
      expect(largest.limit).toMatchObject({ requested: 9007199254740991, applied: 20, clamped: true });
      // HEAD: no body, and the length GET's body has (RFC 9110 9.3.2, 8.6).
      const get = await send()('/gpt/products.json?limit=3');
      const head = await send()('/gpt/products.json?limit=3', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-length')).toBe(String(new Uint8Array(await get.arrayBuffer()).byteLength));
      // Every id it shows is one the stats endpoint answers for.
      const first = clamped.products[0]!;
      const stats = await send()(`/api/public/v1/products/${first.id}/stats`);
      expect(await stats.json()).toMatchObject({ productId: first.id });
    });

    it('refuses a limit that is not one positive integer with a 400 JSON error', async () => {
      // The spelling of an id: no leading zero, nothing past 2^53-1 (never clamped to it).
      for (const limit of ['0', '-1', '1.5', 'abc', '', '2&limit=3', '%31', '01', '1e1', '9007199254740992', '99999999999999999999']) {
        const response = await send()(`/gpt/products.json?limit=${limit}`);
        expect(response.status, limit).toBe(limit === '%31' ? 200 : 400);
        if (response.status === 400)
          expect(await response.json(), limit).toMatchObject({ code: 'INVALID_LIMIT', error: 'Limit must be a positive integer' });
      }
    });

    describe('every REST answer conforms to the OpenAPI document the target serves', () => {
      let check: (operationId: string, answer: LiveAnswer) => string[];
      beforeAll(async () => {
        check = await openApiChecker(await (await send()('/openapi.json')).json());
      });

      const cases: [name: string, operationId: string, status: number, path: string, init?: RequestInit][] = [
        ['product stats', 'getCatalogProductStats', 200, '/api/public/v1/products/1/stats'],
        ['an invalid product id', 'getCatalogProductStats', 400, '/api/public/v1/products/01/stats'],
        ['a path that is no route', 'getCatalogProductStats', 404, '/api/public/v1/products/1/stats/'],
        ['another method', 'getCatalogProductStats', 405, '/api/public/v1/products/1/stats', { method: 'DELETE' }],
        [
          'the preflight',
          'preflightCatalogProductStats',
          204,
          '/api/public/v1/products/1/stats',
          { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' } },
        ],
        ['merchant stats', 'getCatalogMerchantStats', 200, '/api/public/v1/merchants/1/stats'],
        ['an invalid merchant id', 'getCatalogMerchantStats', 400, '/api/public/v1/merchants/x/stats'],
        ['the merchant preflight', 'preflightCatalogMerchantStats', 204, '/api/public/v1/merchants/1/stats', { method: 'OPTIONS' }],
        ['the showcase', 'getProductShowcase', 200, '/gpt/products.json?limit=3'],
        ['an invalid limit', 'getProductShowcase', 400, '/gpt/products.json?limit=0'],
        ['another method on the showcase', 'getProductShowcase', 405, '/gpt/products.json', { method: 'POST' }],
      ];
      for (const [name, operationId, status, path, init] of cases) {
        it(`${status}: ${name}`, async () => {
          const answer = await answerOf(await send()(path, init));
          expect(answer.status).toBe(status);
          expect(check(operationId, answer)).toEqual([]);
        });
      }

      it('304: a matching If-None-Match, on the stats and on the showcase', async () => {
        for (const [operationId, path] of [
          ['getCatalogProductStats', '/api/public/v1/products/2/stats'],
          ['getProductShowcase', '/gpt/products.json'],
        ] as const) {
          const etag = (await send()(path)).headers.get('etag')!;
          const answer = await answerOf(await send()(path, { headers: { 'If-None-Match': etag } }));
          expect(answer.status).toBe(304);
          expect(check(operationId, answer)).toEqual([]);
        }
      });

      it('500: no readable snapshot, on the stats and on the showcase', async () => {
        for (const [operationId, path] of [
          ['getCatalogProductStats', '/api/public/v1/products/1/stats'],
          ['getProductShowcase', '/gpt/products.json'],
        ] as const) {
          const answer = await answerOf(await broken()(path));
          expect(answer.status).toBe(500);
          expect(check(operationId, answer)).toEqual([]);
        }
      });

      it('finds a non-conforming answer (the checker can fail)', () => {
        const headers = new Headers({ 'content-type': 'application/json' });
        expect(check('getCatalogProductStats', { status: 200, headers, body: '{"productId":1}' })).not.toEqual([]);
        expect(check('getCatalogProductStats', { status: 418, headers, body: '{}' })).not.toEqual([]);
      });
    });
  });
}
