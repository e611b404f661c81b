import { PATHS, publicUrls } from '../contract/paths.ts';
import { USAGE } from '../contract/service-info.ts';
import { SERVED_PROTOCOL_VERSIONS } from '../mcp/protocol.ts';
import { RESEARCH_TOOLS, TOOLS, UCP_TOOLS } from '../mcp/tool-list.ts';
import { rateLimitSummary } from '../quota/policy.ts';
import { SHOWCASE_DEFAULT_LIMIT, SHOWCASE_MAX_LIMIT } from '../showcase/showcase-schema.ts';
import { UCP_VERSION } from '../ucp/ucp-protocol.ts';
import type { DocumentSources } from './document-sources.ts';
import { OPENAPI_VERSION } from './openapi.ts';
import { escapeMarkdownInline as md } from './text-escape.ts';

/** How many cities and categories the summary paragraph names. */
const NAMED = 8;

/** A link line; name and notes are this service's own text (catalog text is escaped where it is put in). */
const link = (name: string, url: string, notes: string) => `- [${name}](${url}): ${notes}`;

/**
 * /llms.txt in the llmstxt.org format: "# Name", a one-line "> summary", a paragraph, then "## Section"
 * blocks of "- [name](url): notes" lines only. Every link is a URL this service answers; catalog text
 * (city and category names) is Markdown-escaped.
 */
export function llmsTxt(sources: DocumentSources): string {
  const { overview } = sources;
  const { counts, documents, endpoints } = overview;
  const { pages, discovery } = publicUrls(sources.siteUrl);
  const cities = overview.cities
    .slice(0, NAMED)
    .map((c) => `${md(c.name)} (${md(c.state)})`)
    .join(', ');
  const categories = overview.categories
    .slice(0, NAMED)
    .map((c) => md(c.name))
    .join(', ');

  const paragraph =
    `Catalog snapshot ${sources.meta.catalogVersion}, generated ${sources.meta.generatedAt}: ${counts.products} published products ` +
    `from ${counts.merchants} merchants with ${counts.stores} stores in ${counts.cities} cities, in ${counts.categories} categories. ` +
    `Cities with most products: ${cities || 'none'}. Largest categories: ${categories || 'none'}. ` +
    'Products are in stock unless their merchant says otherwise (out of stock, pre-order, backorder: each answer states it; searches leave ' +
    `out-of-stock products out unless asked) and are found where their merchant has stores; searches default to ${overview.defaultCity.name}. ` +
    'Prices are in BRL. No authentication: no key, token or account.';

  const lines = [
    `# ${overview.service.name}`,
    '',
    `> ${overview.service.description}`,
    '',
    paragraph,
    '',
    '## MCP tools',
    '',
    ...TOOLS.map((tool) =>
      link(
        tool.name,
        endpoints.mcp,
        `${tool.summary} Call with tools/call on the MCP endpoint (Streamable HTTP, JSON-RPC, MCP revisions ${SERVED_PROTOCOL_VERSIONS.join(', ')}); GET it for the input schemas.`,
      ),
    ),
    link(
      'search and fetch (ChatGPT connectors, deep research)',
      endpoints.research,
      `A second MCP endpoint, same transport: ${RESEARCH_TOOLS.tools.map((tool) => `${tool.name}: ${tool.summary}`).join(' ')}`,
    ),
    link(
      'UCP business profile',
      discovery.ucpProfile,
      `Universal Commerce Protocol ${UCP_VERSION}, read-only: catalog search and lookup over MCP (${endpoints.ucpMcp}: ${UCP_TOOLS.tools.map((tool) => tool.name).join(', ')}) and REST (POST ${PATHS.ucpSearch}, ${PATHS.ucpLookup}, ${PATHS.ucpProduct}). Prices in BRL centavos.`,
    ),
    '',
    '## REST endpoints',
    '',
    link(
      'Product statistics',
      sources.examples.productStats,
      `GET ${PATHS.productStats}: views, likes and dislikes of one product (ProductStats).`,
    ),
    link(
      'Merchant statistics',
      sources.examples.merchantStats,
      `GET ${PATHS.merchantStats}: totals over one merchant's products (MerchantStats).`,
    ),
    link(
      'Product price history',
      sources.examples.productPriceHistory,
      `GET ${PATHS.productPriceHistory}: a published product's prices over time, its 30- and 90-day lows and whether its discount is real (ProductPriceHistory).`,
    ),
    link('OpenAPI description (JSON)', documents.openapiJson, `OpenAPI ${OPENAPI_VERSION}: the REST endpoints, their errors and headers.`),
    link('OpenAPI description (YAML)', documents.openapiYaml, 'The same description in YAML.'),
    '',
    '## Documents',
    '',
    link('AI catalog manifest', documents.manifest, 'Live counts, endpoints, MCP tools, usage policy and rate limits, as JSON.'),
    link(
      'Product showcase',
      documents.showcase,
      `The ${SHOWCASE_DEFAULT_LIMIT} newest published products; limit=N for up to ${SHOWCASE_MAX_LIMIT}. Not paginated.`,
    ),
    link('Sitemap', documents.sitemap, 'The public documents and the product pages.'),
    link(
      'MCP server card',
      discovery.serverCard,
      'The MCP server before connecting: name, version, endpoint and revisions (SEP-2127 draft).',
    ),
    link('AI catalog', discovery.aiCatalog, "This site's agent-readable services: the MCP server card (draft)."),
    '',
    '## Policy',
    '',
    link(
      'Usage policy',
      documents.manifest,
      `Allowed: ${USAGE.allowed.join('; ')}. Forbidden: ${USAGE.forbidden.join('; ')}. ${USAGE.higherVolume}`,
    ),
    link('Rate limits', documents.manifest, rateLimitSummary(sources.rateLimits)),
    link('Terms of use', pages.terms, 'The usage policy in full, the quotas and HTTP 429, no warranty (pt-BR, with an English version).'),
    link(
      'Privacy policy',
      pages.privacy,
      'What the service processes (LGPD): no cookies, no accounts, client addresses only as salted hashes for quotas.',
    ),
    link('Contact', pages.contact, "The operator's contact, for questions, abuse reports and data subjects' requests."),
  ];
  return `${lines.join('\n')}\n`;
}
