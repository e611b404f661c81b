import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { PATHS } from '../../src/contract/paths.ts';
import { validFixture, writeExport } from '../support/fixture-export.ts';
import { type Element, elements } from '../support/html-elements.ts';
import { checkProductJsonLd } from '../support/json-ld.ts';
import type { Send } from './stats-contract.ts';

/*
 * The product pages, on every target: every URL the sitemap lists answers, a wrong slug
 * redirects, anything else under the pages is the 404 page, and merchant text cannot break the
 * page or its JSON-LD. `send(snapshot)` reaches the target serving that snapshot.
 */
const HOSTILE_TITLE = 'Fone </script><script>alert(1)</script> <b>&amp; "Cia"</b> <!-- ]]>';
const HOSTILE_MERCHANT = 'Loja </title><img src=x onerror=alert(2)> & Cia';

const pathOf = (url: string) => new URL(url).pathname;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const textOf = (element: Element): string =>
  element.childNodes.map((n) => ('value' in n && n.nodeName === '#text' ? n.value : 'tagName' in n ? textOf(n) : '')).join('');

export function describeProductPagesContract(
  target: string,
  send: (snapshot: string) => Send,
  /** How many sitemap URLs to ask for: all of them, unless the target is too slow to (the emulator). */
  urlsAsked = Number.POSITIVE_INFINITY,
) {
  let dir: string;
  let hostileSnapshot: string;
  const sample = () => send(inject('sampleSnapshot'));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'product-pages-'));
    const fixture = validFixture();
    fixture.products[0]!.title = HOSTILE_TITLE;
    fixture.products[0]!.description = 'Primeira linha </script>\n\nSegunda <i>linha</i> \u2028 fim';
    fixture.merchants[0]!.name = HOSTILE_MERCHANT;
    fixture.stores[0]!.district = 'Pinheiros"><script>alert(3)</script>';
    // Counters no other figure of the page could spell.
    fixture.engagement[0] = { productId: 1, views: 98_765, likes: 61_729, dislikes: 30_517 };
    // The offer's facts too (price 299,90).
    Object.assign(fixture.products[0]!, {
      availability: 'out_of_stock',
      listPriceCents: 34_990,
      pixPriceCents: 28_490,
      installments: { count: 10, interestFree: true },
      condition: 'refurbished',
      gtin: '7891000315507',
    });
    // The same GTIN at the other merchant: product 1's other offer.
    fixture.products.push({
      ...fixture.products[0]!,
      id: 3,
      merchantId: 2,
      priceCents: 27_990,
      slug: 'fone-jbl-3',
      availability: 'in_stock',
    } as never);
    hostileSnapshot = join(dir, 'hostile.sqlite');
    const built = await buildSnapshot({ sourceDir: writeExport(fixture, {}, { dir: join(dir, 'export') }), outFile: hostileSnapshot });
    expect(built).toMatchObject({ ok: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function sitemapUrls(): Promise<string[]> {
    const root = await (await sample()('/sitemap.xml')).text();
    if (!root.includes('<sitemapindex')) return locs(root);
    const children = await Promise.all(locs(root).map(async (child) => locs(await (await sample()(pathOf(child))).text())));
    return children.flat();
  }

  describe(`product pages: ${target}`, () => {
    it(`answers 200 with a page at ${urlsAsked === Number.POSITIVE_INFINITY ? 'every' : 'each of the first'} URL of the sitemap`, async () => {
      const urls = (await sitemapUrls()).slice(0, urlsAsked);
      const products = urls.filter((url) => pathOf(url).startsWith('/produtos/'));
      expect(products.length).toBeGreaterThan(Math.min(300, urlsAsked - 10));
      const failing: string[] = [];
      for (const url of urls) {
        const response = await sample()(pathOf(url), { redirect: 'manual' });
        const isPage = ['/', PATHS.privacy, PATHS.terms, PATHS.contact].includes(pathOf(url)) || pathOf(url).startsWith('/produtos/');
        if (response.status !== 200 || (isPage && !response.headers.get('content-type')?.startsWith('text/html')))
          failing.push(`${response.status} ${url}`);
        await response.arrayBuffer();
      }
      expect(failing).toEqual([]);
    });

    it('shows the product in pt-BR with its price, stores and schema.org Product', async () => {
      const [first] = (await sitemapUrls()).filter((url) => pathOf(url).startsWith('/produtos/'));
      const id = Number(pathOf(first!).split('/')[2]);
      const response = await sample()(pathOf(first!));
      const html = await response.text();
      expect(response.headers.get('content-language')).toBe('pt-BR');
      expect(response.headers.get('catalog-version')).toMatch(/^[0-9a-f]{16}$/);
      expect(html).toMatch(/<html lang="pt-BR">/);
      expect(html).toMatch(/R\$ \d{1,3}(\.\d{3})*,\d{2}/);
      expect(html).toContain('Em estoque');
      expect(html).toContain(`<link rel="canonical" href="${first}">`);
      expect(html).toContain(`/api/public/v1/products/${id}/stats`);
      const [product, ...others] = jsonLd(html);
      expect(others).toEqual([]);
      await checkProductJsonLd(product);
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        url: first,
        sku: String(id),
        name: expect.any(String),
        image: [expect.stringMatching(/^https:\/\//)],
        offers: {
          '@type': 'Offer',
          price: expect.stringMatching(/^\d+\.\d{2}$/),
          priceCurrency: 'BRL',
          availability: 'https://schema.org/InStock',
          seller: { '@type': 'Organization', name: expect.any(String) },
        },
      });
      const places = (product!.offers as { availableAtOrFrom: { geo: { latitude: number; longitude: number } }[] }).availableAtOrFrom;
      expect(places.length).toBeGreaterThan(0);
      for (const place of places)
        expect(place.geo).toEqual({ '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) });
    });

    it('shows the offer as a shop page does: the list price struck through, Pix, installments, availability, condition, GTIN', async () => {
      const response = await send(hostileSnapshot)('/produtos/1/fone-jbl-tune-520bt-1');
      // Astro scopes the page's styles with an attribute on each element: the markup without it.
      const html = (await response.text()).replaceAll(/ data-astro-cid-[\w-]+/g, '');
      expect(html).toContain('De <s>R$ 349,90</s>, 14% de desconto');
      expect(html).toContain('R$ 284,90 no Pix');
      expect(html).toContain('ou 10x de R$ 29,99 sem juros');
      expect(html).toMatch(/class="stock out"[^>]*>Indisponível</);
      expect(html).not.toMatch(/class="stock[^"]*">Em estoque/);
      expect(html).toMatch(/<dt>Condição<\/dt><dd>Recondicionado<\/dd>/);
      expect(html).toContain('7891000315507');
      // The other offer of its GTIN, with a link to it.
      expect(html).toContain('Outras ofertas deste produto (1)');
      expect(html).toMatch(/<td>R\$ 279,90<\/td><td>Em estoque<\/td><td><a href="[^"]*\/produtos\/3\/fone-jbl-3">/);
      const [product] = jsonLd(html);
      await checkProductJsonLd(product);
      expect(product).toMatchObject({ gtin13: '7891000315507', offers: { availability: 'https://schema.org/OutOfStock' } });
    });

    it('prints no engagement counters: pages are crawlable and unquoted, the enumeration guard holds them', async () => {
      const response = await send(hostileSnapshot)('/produtos/1/fone-jbl-tune-520bt-1');
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const word of ['Visualizações', 'Curtidas', 'Descurtidas', 'interactionStatistic', 'InteractionCounter'])
        expect(html, word).not.toContain(word);
      for (const count of [98_765, 61_729, 30_517])
        for (const written of [String(count), count.toLocaleString('pt-BR'), count.toLocaleString('en')])
          expect(html, written).not.toContain(written);
    });

    it('redirects another slug, or none, to the canonical URL, and validates with an ETag', async () => {
      const [first] = (await sitemapUrls()).filter((url) => pathOf(url).startsWith('/produtos/'));
      const id = pathOf(first!).split('/')[2];
      const moved = await sample()(`/produtos/${id}/outro-nome`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(first);
      // A link cut short before the slug, with or without its slash.
      for (const short of [`/produtos/${id}`, `/produtos/${id}/`]) {
        const found = await sample()(short, { redirect: 'manual' });
        expect(found.status, short).toBe(301);
        expect(found.headers.get('location'), short).toBe(first);
      }
      const page = await sample()(pathOf(first!));
      const etag = page.headers.get('etag')!;
      expect(etag).toMatch(/^"/);
      const again = await sample()(pathOf(first!), { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      const head = await sample()(pathOf(first!), { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      // HEAD states the length GET's body has (RFC 9110 9.3.2, 8.6), on the 404 page too.
      expect(head.headers.get('content-length')).toBe(String(new Uint8Array(await page.arrayBuffer()).byteLength));
      const missing = await sample()('/produtos/999999999/x');
      const missingHead = await sample()('/produtos/999999999/x', { method: 'HEAD' });
      expect(missingHead.status).toBe(404);
      expect(missingHead.headers.get('content-length')).toBe(String(new Uint8Array(await missing.arrayBuffer()).byteLength));
    });

    it('answers the 404 page for unknown and draft products and other paths under the pages', async () => {
      const paths = ['/produtos/999999999/x', '/produtos/abc/x', '/produtos/01/x', '/produtos/2/jogo-de-panelas-tramontina-2'];
      for (const path of paths) {
        // The fixture's product 2 is a draft.
        const response = await send(path.startsWith('/produtos/2/') ? hostileSnapshot : inject('sampleSnapshot'))(path, {
          redirect: 'manual',
        });
        expect(response.status, path).toBe(404);
        expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(await response.text(), path).toMatch(/Página não encontrada/);
      }
    });

    it('answers 405 to other methods on product pages', async () => {
      for (const path of ['/produtos/1/x', '/produtos/999/x']) {
        const response = await sample()(path, { method: 'POST', body: 'x' });
        expect(response.status, path).toBe(405);
        expect(response.headers.get('allow'), path).toBe('GET, HEAD');
      }
    });

    it("answers 405 to other methods on the rest of the site's paths, and its pages to GET and HEAD", async () => {
      const asked = [
        ['POST', '/'],
        ['DELETE', '/index.html'],
        ['PUT', '/robots.txt'],
        ['PATCH', '/nada-aqui'],
        ['OPTIONS', '/404.html'],
      ] as const;
      for (const [method, path] of asked) {
        const response = await sample()(path, { method, body: method === 'OPTIONS' ? null : 'x' });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
        expect(await response.text(), `${method} ${path}`).toMatch(/^Método não permitido/);
      }
      const home = await sample()('/');
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await sample()('/', { method: 'HEAD' })).status).toBe(200);
    });

    it('keeps merchant text as text: no markup, no script, JSON-LD that parses back to it', async () => {
      const response = await send(hostileSnapshot)('/produtos/1/fone-jbl-tune-520bt-1');
      expect(response.status).toBe(200);
      const html = await response.text();
      const parsed = elements(html);
      expect(parsed.filter((e) => e.tagName === 'script').map((e) => e.attrs)).toEqual([[{ name: 'type', value: 'application/ld+json' }]]);
      expect(parsed.filter((e) => ['b', 'i'].includes(e.tagName))).toEqual([]);
      // The site's logo in the header, and the product's own image: no image from merchant text.
      const images = parsed.filter((e) => e.tagName === 'img').map((e) => e.attrs.find((a) => a.name === 'src')?.value);
      expect(images).toEqual(['/logo.svg', expect.stringMatching(/^https:\/\//)]);
      expect(parsed.flatMap((e) => e.attrs.filter((a) => a.name.startsWith('on')))).toEqual([]);
      expect(textOf(parsed.find((e) => e.tagName === 'h1')!)).toBe(HOSTILE_TITLE);
      expect(textOf(parsed.find((e) => e.tagName === 'title')!)).toMatch(/^Fone <\/script>/);
      const [product] = jsonLd(html);
      expect(product).toMatchObject({ name: HOSTILE_TITLE, offers: { seller: { name: HOSTILE_MERCHANT } } });
    });
  });
}
