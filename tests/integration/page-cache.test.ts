import { afterAll, describe, expect, inject, it } from 'vitest';
import { type App, createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';
import type { PageModel } from '../../src/product-pages/page-model.ts';

/** The app with a page renderer that counts its renders: pages of a known size, kept within PAGE_CACHE_MB. */
const apps: App[] = [];
afterAll(() => {
  for (const app of apps) app.close();
});
function appKeeping(megabytes: string) {
  const renders: number[] = [];
  const render = async (model: PageModel) => {
    renders.push(model.kind === 'product' ? model.detail.product.id : 0);
    // 100,000 characters of three bytes each in UTF-8, the form pages are kept in: 300 kB.
    return { html: `<p>${'—'.repeat(100_000)}</p>`, csp: null };
  };
  const app = createApp(
    loadConfig({ CATALOG_DB: inject('sampleSnapshot'), RATE_LIMITS: 'off', LOG_LEVEL: 'silent', PAGE_CACHE_MB: megabytes }),
    {
      ...nodePlatform(undefined, render),
    },
  );
  apps.push(app);
  const page = async (id: number) => {
    const moved = await app.fetch(new Request(`http://localhost/produtos/${id}/x`));
    const response = await app.fetch(new Request(`http://localhost${new URL(moved.headers.get('location')!).pathname}`));
    expect(response.status).toBe(200);
  };
  return { renders, page };
}

describe('rendered product pages are kept within PAGE_CACHE_MB', () => {
  it('keeps as many as the bound holds in bytes, forgetting the oldest, and none at 0', async () => {
    // 1 MB holds three of these pages (about 302 kB each as weighed), not four.
    const kept = appKeeping('1');
    for (const id of [1, 2, 3, 4, 1, 4]) await kept.page(id);
    expect(kept.renders).toEqual([1, 2, 3, 4, 1]);
    const none = appKeeping('0');
    for (const id of [1, 1]) await none.page(id);
    expect(none.renders).toEqual([1, 1]);
  });
});
