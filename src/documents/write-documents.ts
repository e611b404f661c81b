import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { PATHS, publicUrls } from '../contract/paths.ts';
import { LEGAL_TEXT_DATE } from '../legal/legal-facts.ts';
import { ucpProfile } from '../ucp/ucp-profile.ts';
import { documentCompressor } from './compress-documents.ts';
import { aiCatalog } from './discovery/ai-catalog.ts';
import { registryServerJson } from './discovery/registry-server-json.ts';
import { serverCard } from './discovery/server-card.ts';
import { registryProblems } from './discovery/server-name.ts';
import { documentHeadersFile, SITEMAP_CHILD_DIR, STATIC_DOCUMENTS } from './document-files.ts';
import type { DocumentSources } from './document-sources.ts';
import { llmsTxt } from './llms-txt.ts';
import { manifest } from './manifest.ts';
import { openApiDocument } from './openapi.ts';
import { robotsTxt } from './robots-txt.ts';
import { type SitemapEntry, type SitemapResult, writeSitemap } from './sitemap-writer.ts';

export interface DocumentsResult {
  files: string[];
  sitemap: SitemapResult;
  /** Why product pages are not in the sitemap, when they are not. */
  productsLeftOut: string | null;
  /** Why the MCP Registry would refuse server.json (SITE_URL not https, a local host); empty when it would take it. */
  registryProblems: string[];
}

const UTC_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;

/**
 * W3C datetime in UTC, whole seconds: every ISO 8601 form the catalog import accepts, made uniform.
 * A time already in UTC is cut to its seconds, without a Date: far cheaper, once per product
 * (docs/benchmarks.md, "Compressed documents").
 */
function w3cDateTime(iso: string): string {
  if (UTC_SECONDS.test(iso)) return `${iso.slice(0, 19)}Z`;
  return `${new Date(iso).toISOString().slice(0, 19)}Z`;
}

/** The site's root, its legal pages, the public documents and the product pages, in that order, for the sitemap. */
function* sitemapEntries(sources: DocumentSources, withProducts: boolean): Generator<SitemapEntry> {
  const lastmod = w3cDateTime(sources.meta.generatedAt);
  const { documents, pages } = publicUrls(sources.siteUrl);
  yield { loc: `${sources.siteUrl}/`, lastmod };
  // Their text changes with the code, not the catalog: the date it last changed.
  for (const url of Object.values(pages)) yield { loc: url, lastmod: `${LEGAL_TEXT_DATE}T00:00:00Z` };
  for (const url of Object.values(documents)) if (url !== documents.sitemap) yield { loc: url, lastmod };
  if (!withProducts) return;
  for (const [id, slug, updatedAt] of sources.catalog.documents.sitemapRows()) {
    yield { loc: sources.productUrl(id, slug), lastmod: w3cDateTime(updatedAt) };
  }
}

/**
 * Writes every pre-rendered public document into `dir` (the site's static output): gpt.json,
 * llms.txt, openapi.json, api/openapi.yaml, the MCP discovery documents (server card, AI catalog,
 * server.json), the sitemap (streamed, split when large) and the
 * Netlify headers file that serves them with the same headers as the self-hosted server; with
 * `precompress` (self-hosted builds), each document's Brotli and gzip forms beside it.
 * The showcase (/gpt/products.json) takes a query parameter and is answered on demand instead.
 */
export async function writePublicDocuments(
  sources: DocumentSources,
  dir: string,
  log: (line: string) => void = () => {},
  options: { precompress?: boolean } = {},
): Promise<DocumentsResult> {
  const write = (path: string, text: string) => {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return path;
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const openapi = openApiDocument(sources);
  const files = [
    write(STATIC_DOCUMENTS.manifest.path, `${JSON.stringify(manifest(sources), null, 2)}\n`),
    write(STATIC_DOCUMENTS.llms.path, llmsTxt(sources)),
    write(STATIC_DOCUMENTS.openapiJson.path, `${JSON.stringify(openapi, null, 2)}\n`),
    // No anchors or aliases: the YAML must parse to exactly the JSON document.
    write(STATIC_DOCUMENTS.openapiYaml.path, stringify(openapi, { aliasDuplicateObjects: false, lineWidth: 0 })),
    write('_headers', documentHeadersFile(sources.cache)),
    write(PATHS.robots.slice(1), robotsTxt(sources.siteUrl)),
    write(STATIC_DOCUMENTS.serverCard.path, json(serverCard(sources.siteUrl))),
    write(STATIC_DOCUMENTS.aiCatalog.path, json(aiCatalog(sources.siteUrl))),
    write(STATIC_DOCUMENTS.serverJson.path, json(registryServerJson(sources.siteUrl))),
    write(STATIC_DOCUMENTS.ucpProfile.path, json(ucpProfile(sources.siteUrl))),
  ];
  // Written whatever SITE_URL is (the card and catalog need it, and a local build is checked
  // like a public one); the operator publishes it, so the build says when that would fail.
  const refused = registryProblems(sources.siteUrl);
  if (refused.length > 0)
    log(`server.json: the MCP Registry would refuse it (${refused.join('; ')}); set SITE_URL to the public https URL to publish it`);

  // sitemaps.org: a sitemap lists URLs of its own host only.
  const productOrigin = new URL(sources.productUrl(1, 'x')).origin;
  const productsLeftOut =
    productOrigin === new URL(sources.siteUrl).origin
      ? null
      : `product pages are on ${productOrigin}, not on the site's host ${new URL(sources.siteUrl).origin}`;
  if (productsLeftOut) log(`sitemap: ${productsLeftOut}; they are left out`);
  const started = performance.now();
  // Compressed while the sitemap is written: each child as soon as the next one begins.
  const compressor = options.precompress ? documentCompressor(dir) : null;
  const early = new Set<string>();
  let sitemap: Awaited<ReturnType<typeof writeSitemap>>;
  try {
    sitemap = await writeSitemap(
      dir,
      sources.siteUrl,
      sitemapEntries(sources, productsLeftOut === null),
      (urls) => log(`sitemap: ${urls.toLocaleString('en-US')} URLs (${((performance.now() - started) / 1000).toFixed(1)} s)`),
      compressor === null
        ? undefined
        : (path) => {
            early.add(path);
            compressor.add(path);
          },
    );
  } catch (error) {
    // Not before the compressions in flight are done: the caller removes the folder they write in.
    await compressor?.done().catch(() => {});
    throw error;
  }

  if (sitemap.skipped > 0) log(`sitemap: ${sitemap.skipped} URLs longer than 2048 characters left out`);
  files.push(STATIC_DOCUMENTS.sitemap.path);
  log(`sitemap: ${sitemap.urls.toLocaleString('en-US')} URLs${sitemap.children ? ` in ${sitemap.children} child sitemaps` : ''}`);
  if (compressor) {
    const documents = [
      ...Object.values(STATIC_DOCUMENTS).map((document) => document.path),
      ...Array.from({ length: sitemap.children }, (_, i) => `${SITEMAP_CHILD_DIR}/sitemap-${i + 1}.xml`),
    ];
    const compressing = performance.now();
    for (const path of documents) if (!early.has(path)) compressor.add(path);
    await compressor.done();
    log(
      `${documents.length} documents compressed (Brotli, gzip; ${early.size} while the sitemap was written), the last ${((performance.now() - compressing) / 1000).toFixed(1)} s after it`,
    );
  }
  return { files, sitemap, productsLeftOut, registryProblems: refused };
}
