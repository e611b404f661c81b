import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { restOperations } from './portal-model.ts';

describe("the portal's REST reference", () => {
  // Paths as the OpenAPI description has them: slashes, braces, dots.
  const document = {
    paths: {
      '/api/public/v1/products/{productId}/stats': { get: { responses: {} }, options: { responses: {} } },
      '/gpt/products.json': { get: { responses: {} }, head: { responses: {} } },
    },
  } as unknown as Parameters<typeof restOperations>[0];

  it('gives each operation a heading id that html-validate accepts (valid-id), one of its own', async () => {
    const anchors = restOperations(document).map((operation) => operation.anchor);
    expect(anchors).toEqual([
      'op-get-api-public-v1-products-productid-stats',
      'op-options-api-public-v1-products-productid-stats',
      'op-get-gpt-products-json',
      'op-head-gpt-products-json',
    ]);
    const validator = new HtmlValidate({ rules: { 'valid-id': 'error', 'no-dup-id': 'error' } });
    const html = anchors.map((id) => `<h3 id="${id}">x</h3>`).join('');
    const report = await validator.validateString(html, 'portal');
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});
