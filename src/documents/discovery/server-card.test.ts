import { describe, expect, it } from 'vitest';
import { serverCardErrors } from '../../../tests/support/json-schemas.ts';
import { SERVED_PROTOCOL_VERSIONS } from '../../mcp/protocol.ts';
import { SERVER_INFO } from '../../mcp/server.ts';
import { LINKED_PAGES, type LinkedPages } from './linked-pages.ts';
import { serverCard } from './server-card.ts';

const SITE = 'https://catalogo.example.com.br';
const BUILT: LinkedPages = {
  logo: { path: '/logo.png', mimeType: 'image/png', sizes: ['512x512'] },
  privacyPolicy: '/privacidade',
  termsOfService: '/termos',
  contact: '/contato',
};

describe('the server card', () => {
  it("is valid against the draft's schema, on a public site and on the sample's local one", () => {
    expect(serverCardErrors(serverCard(SITE))).toEqual([]);
    expect(serverCardErrors(serverCard('http://127.0.0.1:4321'))).toEqual([]);
  });

  it('fails the schema when a field breaks it (the check can fail)', () => {
    expect(serverCardErrors({ ...serverCard(SITE), description: 'x'.repeat(101) })).toEqual([expect.stringMatching(/^\/description/)]);
    expect(serverCardErrors({ ...serverCard(SITE), name: 'no-slash' })).toEqual([expect.stringMatching(/^\/name/)]);
    expect(
      serverCardErrors({ ...serverCard(SITE), $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json' }),
    ).not.toEqual([]);
  });

  it("states serverInfo's version and title, its name after the namespace, and every served revision at /mcp", () => {
    const card = serverCard(SITE);
    expect(card).toMatchObject({ version: SERVER_INFO.version, title: SERVER_INFO.title, websiteUrl: `${SITE}/` });
    expect(card.name).toBe(`br.com.example.catalogo/${SERVER_INFO.name}`);
    expect(card.remotes).toEqual([
      { type: 'streamable-http', url: `${SITE}/mcp`, supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS] },
    ]);
  });

  it("offers the site's logo and its privacy, terms and contact pages", () => {
    const card = serverCard(SITE);
    expect(card.icons).toEqual([{ src: `${SITE}/logo.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }]);
    expect(card._meta).toEqual({
      links: { privacyPolicy: `${SITE}/privacidade`, termsOfService: `${SITE}/termos`, contact: `${SITE}/contato` },
    });
    const none: LinkedPages = { logo: null, privacyPolicy: null, termsOfService: null, contact: null };
    expect(serverCard(SITE, none)).not.toHaveProperty('icons');
    expect(serverCard(SITE, none)).not.toHaveProperty('_meta');
  });

  it('offers the logo as its icon and the pages in _meta once they are, still valid', () => {
    const card = serverCard(SITE, BUILT);
    expect(card.icons).toEqual([{ src: `${SITE}/logo.png`, mimeType: 'image/png', sizes: ['512x512'] }]);
    expect(card._meta).toEqual({
      links: { privacyPolicy: `${SITE}/privacidade`, termsOfService: `${SITE}/termos`, contact: `${SITE}/contato` },
    });
    expect(serverCardErrors(card)).toEqual([]);
    const contactOnly = { ...LINKED_PAGES, privacyPolicy: null, termsOfService: null };
    expect(serverCard(SITE, contactOnly)._meta).toEqual({ links: { contact: `${SITE}/contato` } });
  });
});
