import { beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '../../src/answers/product-schema.ts';
import { readSampleExport } from '../support/sample-export.ts';
import { connectSdkClient, type SdkClientKind } from './mcp-contract.ts';
import { awayFromWindowEnd, type ClientSend, fetchAs, QUOTA_TEST_WINDOW_SECONDS, SMALL_QUOTAS } from './quota-contract.ts';

/**
 * The quotas the guard's suite runs with: 3 distinct products per window (SMALL_QUOTAS'), the
 * other quotas out of its way, so that six get_product calls all run.
 */
export const GUARD_QUOTAS = { ...SMALL_QUOTAS, RATE_LIMIT_REST: '50', RATE_LIMIT_MCP_CALLS: '50', RATE_LIMIT_MCP_REQUESTS: '100' };
const GUARD = Number(GUARD_QUOTAS.RATE_LIMIT_DISTINCT_IDS);

/** Six published products of the sample with counters, and their counters as the export has them. */
const sample = readSampleExport();
const PRODUCTS = sample.products
  .filter((p) => p.publishedAt !== null && (sample.engagement.get(p.id)?.views ?? 0) > 0)
  .slice(0, 6)
  .map((p) => {
    const counts = sample.engagement.get(p.id)!;
    return { id: p.id, engagement: { viewsCount: counts.views, likesCount: counts.likes, dislikesCount: counts.dislikes } };
  });

/**
 * The enumeration guard on every face that shows one product's engagement counters (docs/api.md,
 * "Public quotas"): the REST product statistics and MCP's get_product count against one set of
 * distinct ids per client; past it, the statistics answer 429 and get_product answers the
 * product without its counters, saying why and until when. The product pages, unquoted, print none.
 */
export function describeCountersGuardContract(target: string, send: () => ClientSend) {
  describe(`the enumeration guard on every face of the counters: ${target}`, () => {
    // Clients of their own for each run (a target's store may outlive a run): in 100.64.0.0/10.
    const base = Math.floor(Math.random() * 16_000) * 256;
    const client = (n: number) => `100.${64 + (base >> 16)}.${(base >> 8) & 255}.${n}`;
    const viaClient = (address: string) => fetchAs(send(), address);
    const detailOf = (result: Record<string, unknown>) => ProductDetailSchema.parse(result.structuredContent).product;
    const texts = (result: Record<string, unknown>) => (result.content as { type: string; text: string }[]).map((c) => c.text);

    beforeAll(async () => {
      expect(PRODUCTS).toHaveLength(6);
      await awayFromWindowEnd(120);
    });

    it.each([
      ['v2', 1],
      ['v2-2026-07-28', 2],
    ] as [SdkClientKind, number][])(
      'get_product (SDK client %s) shows the counters of 3 distinct products, then answers the others without them, saying why',
      async (kind, n) => {
        const sdk = await connectSdkClient(viaClient(client(n)), kind);
        try {
          const answers = [];
          for (const { id } of PRODUCTS) answers.push(await sdk.callTool({ name: 'get_product', arguments: { productId: id } }));
          for (const [i, answer] of answers.entries()) {
            const product = detailOf(answer);
            expect(answer.isError, `product ${i + 1}`).toBeFalsy();
            // Every other fact is there either way.
            expect(product).toMatchObject({ id: PRODUCTS[i]!.id, title: expect.any(String), price: { cents: expect.any(Number) } });
            expect(product.merchant.stores.length).toBeGreaterThan(0);
            if (i < GUARD) {
              expect(product.engagement, `product ${i + 1}`).toEqual(PRODUCTS[i]!.engagement);
              expect(product.engagementWithheld).toBeUndefined();
              expect(texts(answer)).toHaveLength(1);
            } else {
              expect(product.engagement, `product ${i + 1}`).toBeNull();
              const why = product.engagementWithheld!;
              expect(why).toMatch(/enumeration guard/);
              const until = Date.parse(why.match(/shown again from (\S+Z)\./)![1]!);
              expect(until).toBeGreaterThan(Date.now());
              expect(until).toBeLessThanOrEqual(Date.now() + QUOTA_TEST_WINDOW_SECONDS * 1000);
              // In plain words too, beside the JSON.
              expect(texts(answer)).toEqual([JSON.stringify(answer.structuredContent), why]);
            }
          }
          // A product already counted this window is shown again.
          const again = await sdk.callTool({ name: 'get_product', arguments: { productId: PRODUCTS[1]!.id } });
          expect(detailOf(again).engagement).toEqual(PRODUCTS[1]!.engagement);
        } finally {
          await sdk.close();
        }
      },
    );

    it('counts the REST statistics and get_product against one guard, in either order', async () => {
      const address = client(3);
      const stats = (id: number) => send()(address, `/api/public/v1/products/${id}/stats`);
      const sdk = await connectSdkClient(viaClient(address));
      const counters = async (id: number) => detailOf(await sdk.callTool({ name: 'get_product', arguments: { productId: id } })).engagement;
      try {
        const [a, b, c, d] = PRODUCTS.map((p) => p.id) as [number, number, number, number];
        expect((await stats(a)).status).toBe(200);
        expect((await stats(b)).status).toBe(200);
        expect(await counters(c)).toEqual(PRODUCTS[2]!.engagement);
        // Three distinct products between the two faces: a fourth has no counters on either.
        expect(await counters(d)).toBeNull();
        const refused = await stats(d);
        expect(refused.status).toBe(429);
        expect(refused.headers.get('ratelimit')).toMatch(/"ids";r=0;t=\d+/);
        // The three already counted still answer on both.
        expect((await stats(c)).status).toBe(200);
        expect(await counters(a)).toEqual(PRODUCTS[0]!.engagement);
      } finally {
        await sdk.close();
      }
    });

    it('still serves a client past the guard the product pages, which print no counters', async () => {
      const address = client(4);
      for (const { id } of PRODUCTS.slice(0, GUARD))
        expect((await send()(address, `/api/public/v1/products/${id}/stats`)).status).toBe(200);
      expect((await send()(address, `/api/public/v1/products/${PRODUCTS[GUARD]!.id}/stats`)).status).toBe(429);
      const sdk = await connectSdkClient(viaClient(address));
      try {
        const product = detailOf(await sdk.callTool({ name: 'get_product', arguments: { productId: PRODUCTS[GUARD]!.id } }));
        expect(product.engagement).toBeNull();
        const page = await send()(address, new URL(product.url).pathname);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain(product.price.formatted);
        for (const word of ['Visualizações', 'Curtidas', 'Descurtidas', 'interactionStatistic']) expect(html, word).not.toContain(word);
      } finally {
        await sdk.close();
      }
    });
  });
}
