import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validFixture, writeExport } from '../../../../tests/support/fixture-export.ts';
import { testTempDir } from '../../../../tests/support/temp-dirs.ts';
import type { AnswerContext } from '../../../answers/context.ts';
import { ProductDetailSchema } from '../../../answers/product-schema.ts';
import { buildSnapshot } from '../../../catalog-build/build-snapshot.ts';
import { lazyCatalog } from '../../../catalog-read/catalog-reader.ts';
import { fixedCursorSecret } from '../../../search/local/cursor-secret.ts';
import { getProductTool } from './tool.ts';

/*
 * get_product over the tests' small export (product 1: 120 views, 14 likes, 2 dislikes), with its
 * counters shown and withheld by the enumeration guard (the endpoint sets countersWithheldUntil:
 * src/mcp/counters-guard.ts).
 */
let catalog: ReturnType<typeof lazyCatalog>;
let ctx: AnswerContext;
beforeAll(async () => {
  const dir = testTempDir('get-product-');
  const built = await buildSnapshot({
    sourceDir: writeExport(validFixture(), {}, { dir: join(dir, 'export') }),
    outFile: join(dir, 'catalog.sqlite'),
    searchIndexParts: 1,
  });
  expect(built.ok).toBe(true);
  catalog = lazyCatalog(join(dir, 'catalog.sqlite'));
  ctx = {
    catalog,
    siteUrl: 'https://example.test',
    productUrl: (id, slug) => `https://example.test/p/${id}/${slug}`,
    logError: () => {},
    cursorSecret: fixedCursorSecret('a cursor secret of at least thirty-two characters'),
  };
});
afterAll(() => catalog?.close());

const text = (result: ReturnType<typeof getProductTool.answer>) => result.content.map((c) => (c.type === 'text' ? c.text : ''));

describe('get_product', () => {
  it("shows the product's engagement counters, as JSON and nothing else, while the guard allows", () => {
    const result = getProductTool.answer(ctx, { productId: 1 });
    const detail = ProductDetailSchema.parse(result.structuredContent);
    expect(detail.product.engagement).toEqual({ viewsCount: 120, likesCount: 14, dislikesCount: 2 });
    expect(detail.product).not.toHaveProperty('engagementWithheld');
    expect(text(result)).toEqual([JSON.stringify(result.structuredContent)]);
  });

  it('answers the product without its counters past the guard, saying why and until when, in the output and in plain words', () => {
    const result = getProductTool.answer({ ...ctx, countersWithheldUntil: '2026-01-01T12:10:00Z' }, { productId: 1 });
    expect(result.isError).toBeUndefined();
    const detail = ProductDetailSchema.parse(result.structuredContent);
    expect(detail.product).toMatchObject({ id: 1, engagement: null, price: { cents: expect.any(Number) } });
    expect(detail.product.merchant.stores.length).toBeGreaterThan(0);
    const why = detail.product.engagementWithheld!;
    expect(why).toMatch(/^Engagement counters withheld: .*enumeration guard.*shown again from 2026-01-01T12:10:00Z/);
    const [json, sentence] = text(result);
    expect(JSON.parse(json!)).toEqual(result.structuredContent);
    expect(sentence).toBe(why);
    expect(json).not.toMatch(/viewsCount|likesCount/);
  });

  it('names the product whose counters a call would show, for the guard: a valid id, or none', () => {
    expect(getProductTool.showsCountersOf?.({ productId: 7, city: 'Curitiba' })).toBe(7);
    for (const args of [{ productId: 0 }, { productId: '7' }, { productId: 1.5 }, {}, undefined, null, 'x'])
      expect(getProductTool.showsCountersOf?.(args), JSON.stringify(args)).toBeNull();
  });
});
