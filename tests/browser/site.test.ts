import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { PATHS } from '../../src/contract/paths.ts';
import { describeBrowser, expectAxeClean, type OpenPage, openPage, screenshot } from '../support/browser.ts';
import { BUILT_SITE_URL, type RunningServer, startBuiltServer } from '../support/built-server.ts';
import { readSampleExport } from '../support/sample-export.ts';

// The built site in a real browser (the system's Chromium), served by the built self-hosted server.
const PRICE = /R\$\s?\d{1,3}(\.\d{3})*,\d{2}/;

/** The text of the page's first h1 (empty when it has none). */
const heading = async (page: Page) =>
  (
    (await page
      .locator('h1')
      .first()
      .textContent({ timeout: 5_000 })
      .catch(() => '')) ?? ''
  ).trim();
const pathOf = (url: string) => new URL(url).pathname;
/** No other site may frame a page: said as frame-ancestors and as X-Frame-Options. */
const expectNoFraming = (headers: Record<string, string>) => {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'$/);
};
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describeBrowser('the site in Chromium (self-hosted)', (browser) => {
  let server: RunningServer;
  const opened: OpenPage[] = [];
  /** A page whose absolute links to the site reach the server under test. */
  const open = async (options: Parameters<typeof openPage>[1] = {}) => {
    const page = await openPage(browser(), { site: { url: BUILT_SITE_URL, server: server.baseUrl }, ...options });
    opened.push(page);
    return page;
  };
  const url = (path: string) => server.baseUrl + path;

  beforeAll(async () => {
    server = await startBuiltServer({ CATALOG_DB: inject('sampleSnapshot') });
  });
  afterAll(async () => {
    await Promise.all(opened.map((page) => page.close()));
    await server?.stop();
  });

  /** The first product page the sitemap lists (following a sitemap index to its sitemaps). */
  async function firstProductPath(): Promise<string> {
    const text = async (path: string) => (await fetch(url(path))).text();
    const root = await text('/sitemap.xml');
    const urls = root.includes('<sitemapindex')
      ? (await Promise.all(locs(root).map(async (child) => locs(await text(pathOf(child)))))).flat()
      : locs(root);
    const product = urls.map(pathOf).find((path) => path.startsWith('/produtos/'));
    expect(product, 'a product page in the sitemap').toBeDefined();
    return product!;
  }

  it('shows the portal: a heading, no console errors, no serious accessibility violations', async () => {
    const { page, errors } = await open();
    const response = await page.goto(url('/'), { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expectNoFraming(await response!.allHeaders());
    // Its own Content-Security-Policy, which the browser enforces (a violation is a console error).
    expect(await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')).toMatch(
      /default-src 'self'.*connect-src 'self'.*script-src 'self' 'sha256-/,
    );
    await screenshot(page, 'portal.png');
    expect.soft(await heading(page)).not.toBe('');
    expect.soft(errors, 'console errors').toEqual([]);
    await expectAxeClean(page, '/');
  });

  it('shows a product page without JavaScript: its name and its price in reais', async () => {
    const path = await firstProductPath();
    const { page } = await open({ javaScriptEnabled: false });
    const response = await page.goto(url(path));
    expect(response?.status(), path).toBe(200);
    expectNoFraming(await response!.allHeaders());
    // Rendered on demand, the page's policy comes as a header, its inline code hashed.
    expect((await response!.allHeaders())['content-security-policy']).toMatch(/^default-src 'self';.*script-src 'self' 'sha256-/);
    await screenshot(page, 'product.png');
    expect(await heading(page), path).not.toBe('');
    expect(await page.getByText(PRICE).first().isVisible(), `a price like R$ 1.299,90 on ${path}`).toBe(true);
    // axe runs in the page, so in a context with JavaScript.
    const withJs = await open();
    await withJs.page.goto(url(path));
    await expectAxeClean(withJs.page, path);
  });

  it("shows a product page's price history without JavaScript: the 30-day low, the verdict in words, a chart a screen reader reads", async () => {
    // The sample's past prices: a product whose price fell after a longer run at a higher one.
    const [id] = [...readSampleExport().pastPrices].find(([, lines]) => lines.length === 2 && lines[0]!.priceCents > lines[1]!.priceCents)!;
    // Its canonical path: the short one redirects there, on the site's own origin.
    const path = new URL((await fetch(url(`/produtos/${id}`), { redirect: 'manual' })).headers.get('location')!).pathname;
    const { page } = await open({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const response = await page.goto(url(path));
    expect(response?.status()).toBe(200);
    const section = page.getByRole('region', { name: 'Histórico de preço' });
    expect(await section.getByText(/^Menor preço nos últimos 30 dias: R\$ [\d.]+,\d{2} \(em \d{2}\/\d{2}\/\d{4}\)$/).isVisible()).toBe(
      true,
    );
    expect(await section.getByText(/^Desconto real: o preço atual, desde \d{2}\/\d{2}\/\d{4}, está \d+% abaixo/).isVisible()).toBe(true);
    const chart = section.getByRole('img', { name: 'Preço nos últimos 180 dias' });
    expect(await chart.isVisible()).toBe(true);
    expect(await chart.locator('desc').textContent()).toMatch(/^De \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}: R\$ /);
    // On a phone's width the chart fits the screen.
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'product-price-history.png');
    const withJs = await open();
    await withJs.page.goto(url(path));
    await expectAxeClean(withJs.page, path);
  });

  it('answers the 404 page with status 404 and a way home', async () => {
    const { page } = await open();
    const path = '/produtos/999999999/x';
    const response = await page.goto(url(path));
    expect(response?.status(), path).toBe(404);
    expectNoFraming(await response!.allHeaders());
    await screenshot(page, 'not-found.png');
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(
      hrefs.some((href) => new URL(href, url(path)).pathname === '/'),
      `a link to / among ${JSON.stringify(hrefs)}`,
    ).toBe(true);
    await expectAxeClean(page, path);
  });

  it('shows the privacy policy, the terms and the contact page: pt-BR, the logo, no console errors, no accessibility violation at all', async () => {
    for (const path of [PATHS.privacy, PATHS.terms, PATHS.contact]) {
      const { page, errors } = await open();
      const response = await page.goto(url(path), { waitUntil: 'load' });
      expect(response?.status(), path).toBe(200);
      expectNoFraming(await response!.allHeaders());
      await screenshot(page, `${path.slice(1)}.png`);
      expect(await page.locator('html').getAttribute('lang'), path).toBe('pt-BR');
      expect(await page.locator('section#en').getAttribute('lang'), path).toBe('en');
      expect(await heading(page), path).not.toBe('');
      // The logo loaded (an image that failed has no natural width).
      expect(await page.locator('header img[src="/logo.svg"]').evaluate((img: HTMLImageElement) => img.naturalWidth), path).toBeGreaterThan(
        0,
      );
      expect(errors, `console errors on ${path}`).toEqual([]);
      await expectAxeClean(page, path, { strict: true });
    }
  });

  it('searches from the portal with a price range and an order, pages on, and answers an unknown city in a sentence', async () => {
    const { page, errors } = await open();
    await page.goto(url('/'));
    const form = page.locator('form#live-search');
    const submit = form.locator('button[type="submit"]');
    const prices = async () =>
      (await page.locator('#live-search-results li').allTextContents()).map((t) =>
        Number(/R\$\s?([\d.]+,\d{2})/.exec(t)![1]!.replace(/\./g, '').replace(',', '.')),
      );
    await form.locator('input[name="maxPrice"]').fill('1000');
    await form.locator('select[name="sort"]').selectOption('price_asc');
    await submit.click();
    await page.locator('#live-search-results li').first().waitFor({ timeout: 10_000 });
    const first = await prices();
    expect(first).toHaveLength(10);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    for (const price of first) expect(price).toBeLessThanOrEqual(1000);
    // The next page is appended, still cheapest first.
    await page.locator('#live-search-results button', { hasText: 'More results' }).click();
    await expect.poll(async () => (await prices()).length).toBe(20);
    const both = await prices();
    expect(both).toEqual([...both].sort((a, b) => a - b));
    await screenshot(page, 'live-search-price-order.png');

    await form.locator('input[name="city"]').fill('Cidade Que Não Existe');
    await submit.click();
    const said = page.locator('#live-search-results p');
    await expect.poll(() => said.first().textContent()).toMatch(/^No city named "Cidade Que Não Existe"/);
    expect(await page.locator('#live-search-results').textContent()).not.toMatch(/[{}]|"catalogVersion"/);
    expect(errors).toEqual([]);
    await expectAxeClean(page, '/');
  });

  it('searches from the portal and follows a result to its product page', async () => {
    const { page, errors } = await open();
    await page.goto(url('/'));
    const form = page.locator('form#live-search');
    // Words the sample sells in São Paulo (its only geladeira is sold in Curitiba).
    await form.locator('input[name="q"]').fill('fone');
    const city = form.locator('input[name="city"]');
    if ((await city.count()) > 0) await city.fill('São Paulo');
    await form.locator('button:not([type]), button[type="submit"], input[type="submit"]').first().click();
    const results = page.locator('#live-search-results a[href*="/produtos/"]');
    await results
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .catch(async (error: Error) => {
        const shown = await page
          .locator('#live-search-results')
          .textContent()
          .catch(() => '(no #live-search-results)');
        throw new Error(`no result links: ${error.message.split('\n')[0]}\nresults: ${shown}\npage errors: ${JSON.stringify(errors)}`);
      });
    await screenshot(page, 'live-search.png');
    const href = (await results.first().getAttribute('href'))!;
    expect(new URL(href, page.url()).pathname).toMatch(/^\/produtos\//);
    expect(errors, "console errors of the portal's search").toEqual([]);
    // The navigation's final answer (a redirect to the canonical slug is followed).
    const answered = page.waitForResponse(
      (r) => r.request().isNavigationRequest() && r.frame() === page.mainFrame() && (r.status() < 300 || r.status() >= 400),
    );
    await results.first().click();
    const response = await answered;
    expect(response.status(), href).toBe(200);
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toMatch(/^\/produtos\//);
    expect(await heading(page), href).not.toBe('');
  });
});
