import { publicUrls } from '../contract/paths.ts';
import { SERVICE_NAME, SERVICE_VERSION, USAGE, USAGE_POLICY } from '../contract/service-info.ts';
import { CONTRACT_PROTOCOL_VERSION, SERVED_PROTOCOL_VERSIONS } from '../mcp/protocol.ts';
import { RESEARCH_TOOLS, TOOLS } from '../mcp/tool-list.ts';
import { rateLimitPolicy } from '../quota/policy.ts';
import { SHOWCASE_DEFAULT_LIMIT, SHOWCASE_MAX_LIMIT } from '../showcase/showcase-schema.ts';
import type { DocumentSources } from './document-sources.ts';
import type { Manifest } from './manifest-schema.ts';

/**
 * /gpt.json. Its counts, documents and endpoints are catalog_overview's own (same function, same
 * snapshot), so the manifest and the tool cannot disagree.
 */
export function manifest(sources: DocumentSources): Manifest {
  const { overview } = sources;
  const { documents, endpoints } = overview;
  const { pages } = publicUrls(sources.siteUrl);
  return {
    manifestVersion: '1.0',
    name: SERVICE_NAME,
    title: overview.service.name,
    description: overview.service.description,
    version: SERVICE_VERSION,
    baseUrl: sources.siteUrl,
    catalogVersion: overview.catalogVersion,
    generatedAt: overview.generatedAt,
    counts: overview.counts,
    defaultCity: overview.defaultCity,
    prices: overview.prices,
    rest: {
      authentication: 'none',
      openapi: documents.openapiJson,
      openapiYaml: documents.openapiYaml,
      endpoints: [
        {
          operationId: 'getCatalogProductStats',
          method: 'GET',
          urlTemplate: endpoints.productStats,
          example: sources.examples.productStats,
          description: 'Views, likes and dislikes of one product; an unknown id answers zero counts.',
          response: 'ProductStats',
        },
        {
          operationId: 'getCatalogMerchantStats',
          method: 'GET',
          urlTemplate: endpoints.merchantStats,
          example: sources.examples.merchantStats,
          description: "Products, stores, views, likes and dislikes summed over one merchant's products.",
          response: 'MerchantStats',
        },
        {
          operationId: 'getCatalogProductPriceHistory',
          method: 'GET',
          urlTemplate: endpoints.productPriceHistory,
          example: sources.examples.productPriceHistory,
          description:
            "A published product's prices over time, its 30- and 90-day lows and whether its discount is real; 404 for an id no published product has.",
          response: 'ProductPriceHistory',
        },
      ],
    },
    mcp: {
      endpoint: endpoints.mcp,
      transport: 'streamable-http',
      protocolVersion: CONTRACT_PROTOCOL_VERSION,
      protocolVersions: [...SERVED_PROTOCOL_VERSIONS],
      authentication: 'none',
      stateless: true,
      discovery: endpoints.mcp,
      tools: TOOLS.map((tool) => ({ name: tool.name, title: tool.title, description: tool.summary, readOnly: true })),
      research: {
        endpoint: endpoints.research,
        tools: RESEARCH_TOOLS.tools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.summary, readOnly: true })),
      },
    },
    documents,
    showcase: {
      url: documents.showcase,
      defaultLimit: SHOWCASE_DEFAULT_LIMIT,
      maxLimit: SHOWCASE_MAX_LIMIT,
      order: 'newest published first',
    },
    usagePolicy: { summary: USAGE_POLICY, allowed: [...USAGE.allowed], forbidden: [...USAGE.forbidden], higherVolume: USAGE.higherVolume },
    rateLimits: rateLimitPolicy(sources.rateLimits),
    legal: {
      termsOfService: pages.terms,
      privacyPolicy: pages.privacy,
      contactPage: pages.contact,
      operator: sources.operator.name,
      contactEmail: sources.operator.email,
      contactUrl: sources.operator.url,
    },
  };
}
