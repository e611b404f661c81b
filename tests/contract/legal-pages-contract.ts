import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { PATHS } from '../../src/contract/paths.ts';
import { ManifestSchema } from '../../src/documents/manifest-schema.ts';
import { duration, legalFacts } from '../../src/legal/legal-facts.ts';
import { USAGE_RULE_ORIGINAL, USAGE_RULE_PT } from '../../src/legal/usage-policy.ts';
import { htmlProblems } from '../support/document-validators.ts';
import { type Element, elements } from '../support/html-elements.ts';
import type { Send } from './stats-contract.ts';

/*
 * The pages a directory reviewer looks for (the privacy policy, the terms of use, the contact
 * page), on every target: they answer, are pt-BR with an English section, are valid HTML, state
 * this deployment's facts, every page's footer links them, and the documents name them. The facts
 * expected are computed from the environment the test build read (tests/support/site-setup.ts),
 * which, like a fresh clone, sets no contact.
 */
const LEGAL = [PATHS.privacy, PATHS.terms, PATHS.contact] as const;

const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
/** An element and everything inside it, in document order. */
const descendants = (element: Element): Element[] => [
  element,
  ...element.childNodes.flatMap((child) => ('tagName' in child ? descendants(child) : [])),
];
/** Entities as Astro writes them in text: enough to compare plain sentences. */
const fromHtml = (text: string) =>
  text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The hrefs of the links in a page's footer. */
function footerLinks(html: string): string[] {
  const footer = elements(html).find((e) => e.tagName === 'footer');
  expect(footer, 'a footer').toBeDefined();
  return descendants(footer!)
    .filter((e) => e.tagName === 'a')
    .map((a) => attr(a, 'href') ?? '');
}

export function describeLegalPagesContract(target: string, send: () => Send) {
  const facts = legalFacts(loadConfig());
  const page = async (path: string) => {
    const response = await send()(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    return response.text();
  };

  describe(`privacy, terms and contact pages: ${target}`, () => {
    it.each(LEGAL)('%s answers a valid pt-BR page with an English section, its canonical URL and the favicon', async (path) => {
      const html = await page(path);
      const parsed = elements(html);
      expect(attr(parsed.find((e) => e.tagName === 'html')!, 'lang')).toBe('pt-BR');
      expect(html).toMatch(/^<!DOCTYPE html><html lang="pt-BR">/i);
      const english = parsed.find((e) => attr(e, 'id') === 'en');
      expect(english && attr(english, 'lang'), 'a section id="en" lang="en"').toBe('en');
      expect(parsed.filter((e) => e.tagName === 'h1')).toHaveLength(1);
      const canonical = parsed.find((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical');
      expect(canonical && new URL(attr(canonical, 'href')!).pathname).toBe(path);
      expect(parsed.some((e) => e.tagName === 'link' && attr(e, 'rel') === 'icon' && attr(e, 'href') === '/favicon.svg')).toBe(true);
      expect(await htmlProblems(html, path)).toEqual([]);
      // Its scripts: none (a page to read, nothing to run).
      expect(parsed.filter((e) => e.tagName === 'script')).toEqual([]);
    });

    it('the HTML validator finds what is wrong in a page (the check can fail)', async () => {
      const html = (await page(PATHS.contact)).replace('<main', '<div><span></div><main');
      expect((await htmlProblems(html, 'broken')).join('\n')).toMatch(/close-order/);
    });

    it("links the three pages from every page's footer (a product page, the 404 page, the pages themselves), and the portal's to their English sections", async () => {
      const sitemap = await (await send()(PATHS.sitemap)).text();
      const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&')).pathname);
      // The sitemap lists the three pages, before the products.
      for (const path of LEGAL) expect(locs, path).toContain(path);
      const product = locs.find((path) => path.startsWith('/produtos/'));
      expect(product, 'a product page in the sitemap').toBeDefined();
      // The 404 page as the product pages answer it: on Netlify the CDN's own 404 is not emulated.
      for (const path of [product!, '/produtos/999999999/x', ...LEGAL]) {
        const response = await send()(path);
        expect(footerLinks(await response.text()), path).toEqual(expect.arrayContaining([...LEGAL]));
      }
      expect(footerLinks(await page('/'))).toEqual(expect.arrayContaining(LEGAL.map((path) => `${path}#en`)));
    });

    it('serves the logo and the favicon, and shows the logo in the header', async () => {
      for (const path of ['/logo.svg', '/favicon.svg']) {
        const response = await send()(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toMatch(/^image\/svg\+xml/);
        expect(await response.text(), path).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>\s*<title/);
      }
      const header = descendants(elements(await page(PATHS.terms)).find((e) => e.tagName === 'header')!);
      expect(header.filter((e) => e.tagName === 'img').map((e) => [attr(e, 'src'), attr(e, 'alt')])).toEqual([['/logo.svg', '']]);
    });

    it("states the privacy facts of this deployment: the quota windows, the request log's fields, no cookies, the LGPD rights", async () => {
      const html = fromHtml(await page(PATHS.privacy));
      expect(html).toContain('Lei nº 13.709/2018');
      expect(html).toContain(`${duration(facts.quotas.windowSeconds, 'pt-BR')} para os pedidos`);
      expect(html).toContain(`${duration(facts.quotas.distinctProductIds.windowSeconds, 'pt-BR')} para os produtos distintos`);
      expect(html).toMatch(/cujos contadores\s+foram pedidos à API de estatísticas ou à ferramenta MCP <code>get_product<\/code>/);
      expect(html).toContain(`${duration(facts.quotas.windowSeconds, 'en')} for requests`);
      for (const field of facts.logFields) expect(html, field).toContain(`<code>${field}</code>`);
      expect(html).toContain('não usa cookies');
      expect(html).toContain('uses no cookies');
      expect(html).toMatch(/SHA-256/);
      expect(html).toMatch(/art\. 18/);
      expect(html).toContain(`href="${PATHS.contact}"`);
      // The test build names no operator: the policy says it cannot name the controller.
      if (facts.operator.name === null) expect(html).toContain('não pode nomear o controlador');
      else expect(html).toContain(facts.operator.name);
    });

    it('states the usage policy in full, in Portuguese with the original English, the quotas and 429, and links the API docs', async () => {
      const html = fromHtml(await page(PATHS.terms));
      expect(html).toContain(USAGE_RULE_ORIGINAL);
      expect(html).toContain(USAGE_RULE_PT.allowed);
      expect(html).toContain(USAGE_RULE_PT.higherVolume);
      for (const use of USAGE_RULE_PT.forbidden) expect(html, use).toContain(`<li>${use};</li>`);
      expect(html).toContain('HTTP 429');
      expect(html).toContain('<code>Retry-After</code>');
      expect(html).toContain(`${new Intl.NumberFormat('pt-BR').format(facts.quotas.restRequestsPerWindow)} pedidos à API REST`);
      // One enumeration guard over every face of the counters, and what each face does past it.
      expect(html).toMatch(/somadas a API de estatísticas e a ferramenta\s+MCP <code>get_product<\/code>/);
      expect(html).toMatch(/over the statistics API and the MCP tool <code>get_product<\/code> together/);
      expect(html).toMatch(/<code>get_product<\/code>\s+continua a responder o produto, mas sem os contadores/);
      expect(html).toMatch(/As páginas de produto,\s+abertas a todos e aos buscadores, não mostram contadores/);
      expect(html).toMatch(/Sem garantia/);
      for (const path of ['/', PATHS.openapiJson, PATHS.openapiYaml, PATHS.mcp, PATHS.manifest, PATHS.llms]) {
        expect(html, path).toContain(`href="${path}"`);
      }
    });

    it('is named by the documents: gpt.json (legal), llms.txt, the OpenAPI info (termsOfService, contact)', async () => {
      const manifest = ManifestSchema.parse(await (await send()(PATHS.manifest)).json());
      const pathOf = (url: string) => {
        expect(url.startsWith(`${manifest.baseUrl}/`), url).toBe(true);
        return url.slice(manifest.baseUrl.length);
      };
      expect(pathOf(manifest.legal.privacyPolicy)).toBe(PATHS.privacy);
      expect(pathOf(manifest.legal.termsOfService)).toBe(PATHS.terms);
      expect(pathOf(manifest.legal.contactPage)).toBe(PATHS.contact);
      expect(manifest.legal).toMatchObject({
        operator: facts.operator.name,
        contactEmail: facts.operator.email,
        contactUrl: facts.operator.url,
      });
      const llms = await (await send()(PATHS.llms)).text();
      for (const [name, url] of [
        ['Terms of use', manifest.legal.termsOfService],
        ['Privacy policy', manifest.legal.privacyPolicy],
        ['Contact', manifest.legal.contactPage],
      ]) {
        expect(llms, name).toContain(`- [${name}](${url}): `);
      }
      const { info } = (await (await send()(PATHS.openapiJson)).json()) as { info: Record<string, unknown> };
      expect(info.termsOfService).toBe(manifest.legal.termsOfService);
      expect(info.contact).toEqual({
        name: facts.operator.name ?? 'Catalog operator',
        url: manifest.legal.contactPage,
        ...(facts.operator.email === null ? {} : { email: facts.operator.email }),
      });
    });

    it("gives the operator's contact, or says plainly that none was configured", async () => {
      const html = fromHtml(await page(PATHS.contact));
      if (facts.reachable) {
        if (facts.operator.email !== null) expect(html).toContain(`href="mailto:${facts.operator.email}"`);
        if (facts.operator.url !== null) expect(html).toContain(`href="${facts.operator.url}"`);
      } else {
        expect(html).toContain('Nenhum contato foi configurado nesta publicação.');
        expect(html).toContain('No contact has been configured in this deployment.');
        expect(html).not.toMatch(/mailto:/);
      }
    });
  });
}
