import { describe, expect, it } from 'vitest';
import { serverJsonErrors } from '../../../tests/support/json-schemas.ts';
import { SERVICE_VERSION } from '../../contract/service-info.ts';
import { LINKED_PAGES } from './linked-pages.ts';
import { registryServerJson, SERVER_JSON_SCHEMA } from './registry-server-json.ts';
import { serverCard } from './server-card.ts';

const SITE = 'https://catalogo.example.com.br';

describe("the MCP Registry's server.json", () => {
  it("is valid against the registry's 2025-12-11 schema, on a public site and on the sample's local one", () => {
    expect(serverJsonErrors(registryServerJson(SITE))).toEqual([]);
    // The schema allows http (the registry's publish checks refuse it: server-name.ts).
    expect(serverJsonErrors(registryServerJson('http://127.0.0.1:4321'))).toEqual([]);
  });

  it('fails the schema when a field breaks it (the check can fail)', () => {
    expect(serverJsonErrors({ ...registryServerJson(SITE), version: undefined })).toEqual([expect.stringMatching(/version/)]);
    expect(serverJsonErrors({ ...registryServerJson(SITE), remotes: [{ type: 'streamable-http', url: 'ftp://x' }] })).not.toEqual([]);
  });

  it('names the schema it follows, a remote at /mcp, and the same identity as the server card', () => {
    const entry = registryServerJson(SITE);
    expect(entry.$schema).toBe(SERVER_JSON_SCHEMA);
    expect(entry.remotes).toEqual([{ type: 'streamable-http', url: `${SITE}/mcp` }]);
    const { name, title, description, version, websiteUrl } = serverCard(SITE);
    expect(entry).toMatchObject({ name, title, description, version, websiteUrl });
    expect(version).toBe(SERVICE_VERSION);
  });

  it("offers the site's logo as its icon, still valid, and none without a logo", () => {
    const withLogo = registryServerJson(SITE);
    expect(withLogo.icons).toEqual([{ src: `${SITE}/logo.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }]);
    expect(serverJsonErrors(withLogo)).toEqual([]);
    expect(registryServerJson(SITE, { ...LINKED_PAGES, logo: null })).not.toHaveProperty('icons');
  });
});
