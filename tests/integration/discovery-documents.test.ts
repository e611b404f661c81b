import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, createApp } from '../../src/app/app.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { loadConfig } from '../../src/config/config.ts';
import { documentSources } from '../../src/documents/document-sources.ts';
import { type DocumentsResult, writePublicDocuments } from '../../src/documents/write-documents.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';
import { staticFiles } from '../../src/platform/node/static-files.ts';
import { describeDiscoveryContract } from '../contract/discovery-contract.ts';

/*
 * The discovery documents as a public deployment writes them (an https SITE_URL, the one the MCP
 * Registry takes), served from their files by the app in this process: the targets' contract in
 * milliseconds, and what the build says about publishing.
 */
const SITE = 'https://catalogo.example.com.br';
let dir: string;
let app: App;
let written: DocumentsResult;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'discovery-'));
  const config = loadConfig({ SITE_URL: SITE, CATALOG_DB: inject('sampleSnapshot'), RATE_LIMITS: 'off', LOG_LEVEL: 'warn' });
  const catalog = openCatalog(config.catalogDb);
  try {
    written = await writePublicDocuments(documentSources(config, catalog), dir, (line) => logged.push(line));
  } finally {
    catalog.close();
  }
  app = createApp(config, nodePlatform(staticFiles(dir)));
});
afterAll(() => {
  app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describeDiscoveryContract(
  'the app (in-process, files of an https build)',
  () => (path, init) => app.fetch(new Request(`http://localhost${path}`, init)),
  {
    validators: true,
  },
);

describe('the discovery documents of an https build', () => {
  it('are written for the MCP Registry to take: nothing said against publishing', () => {
    expect(written.registryProblems).toEqual([]);
    expect(logged.filter((line) => line.includes('server.json'))).toEqual([]);
    const entry = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8'));
    expect(entry).toMatchObject({ name: 'br.com.example.catalogo/catalog-public-service', remotes: [{ url: `${SITE}/mcp` }] });
  });

  it("give Netlify's CDN their media types and CORS in _headers, as the self-hosted server sends them", () => {
    const rules = readFileSync(join(dir, '_headers'), 'utf8').split(/\n(?=\/)/);
    const rule = (path: string) => rules.find((block) => block.startsWith(`${path}\n`)) ?? '';
    expect(rule('/mcp/server-card')).toMatch(/^ {2}Content-Type: application\/mcp-server-card\+json$/m);
    expect(rule('/.well-known/ai-catalog.json')).toMatch(/^ {2}Content-Type: application\/ai-catalog\+json$/m);
    expect(rule('/server.json')).toMatch(/^ {2}Content-Type: application\/json; charset=utf-8$/m);
    for (const path of ['/mcp/server-card', '/.well-known/ai-catalog.json', '/server.json']) {
      expect(rule(path), path).toMatch(/^ {2}Access-Control-Expose-Headers: ETag$/m);
    }
  });
});

describe('the discovery documents of a local build', () => {
  it('are written all the same, and the build says why the registry would refuse server.json', async () => {
    const local = mkdtempSync(join(tmpdir(), 'discovery-local-'));
    const config = loadConfig({ CATALOG_DB: inject('sampleSnapshot') });
    const catalog = openCatalog(config.catalogDb);
    const lines: string[] = [];
    try {
      const result = await writePublicDocuments(documentSources(config, catalog), local, (line) => lines.push(line));
      expect(result.files).toEqual(expect.arrayContaining(['mcp/server-card', '.well-known/ai-catalog.json', 'server.json']));
      expect(result.registryProblems).toEqual([expect.stringMatching(/not https/), expect.stringMatching(/this machine/)]);
      expect(lines).toContain(
        `server.json: the MCP Registry would refuse it (${result.registryProblems.join('; ')}); set SITE_URL to the public https URL to publish it`,
      );
    } finally {
      catalog.close();
      rmSync(local, { recursive: true, force: true });
    }
  });
});
