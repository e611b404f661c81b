/**
 * Every path the service answers on, in one place: the route table (its matchers are made from
 * these, src/contract/path-match.ts), the documents that link them, the error texts and the build
 * that writes the static ones all read them here. The REST API's prefix is written only here.
 */
const API = '/api';
const API_V1 = `${API}/public/v1`;

export const PATHS = {
  /** Everything under it is the REST API's (its own 404 included), but for static files there. */
  api: API,
  productStats: `${API_V1}/products/{productId}/stats`,
  merchantStats: `${API_V1}/merchants/{merchantId}/stats`,
  /** A product's price history (docs/price-history.md): its change points and figures. */
  productPriceHistory: `${API_V1}/products/{productId}/price-history`,
  /** What crawlers are kept out of (robots.txt): the endpoints, not the documents under the API's prefix. */
  publicApi: `${API}/public/`,
  mcp: '/mcp',
  /** The search and fetch tools ChatGPT connectors and deep research call. */
  research: '/mcp/research',
  /** The Universal Commerce Protocol's business profile (docs/api.md, "UCP"), and its two bindings. */
  ucpProfile: '/.well-known/ucp',
  ucpMcp: '/ucp/mcp',
  /** The REST binding's base: POST {base}/catalog/search, /catalog/lookup, /catalog/product. */
  ucpRest: '/ucp',
  ucpSearch: '/ucp/catalog/search',
  ucpLookup: '/ucp/catalog/lookup',
  ucpProduct: '/ucp/catalog/product',
  showcase: '/gpt/products.json',
  manifest: '/gpt.json',
  llms: '/llms.txt',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  /** Child sitemaps, when one file is not enough: /sitemaps/sitemap-1.xml, … */
  sitemapChildren: '/sitemaps',
  openapiJson: '/openapi.json',
  openapiYaml: `${API}/openapi.yaml`,
  /**
   * The MCP Server Card (SEP-2127, a draft): `<streamable-http-url>/server-card`, the location the
   * draft reserves, so under /mcp. A static file, not the MCP route's (that matches /mcp exactly).
   */
  serverCard: '/mcp/server-card',
  /** The site's AI Catalog (a draft), the well-known URI the Server Card draft names: it lists the card. */
  aiCatalog: '/.well-known/ai-catalog.json',
  /** The MCP Registry's server.json for this deployment, as `mcp-publisher publish` takes it. */
  serverJson: '/server.json',
  /** Liveness and readiness, for load balancers and orchestrators (never rate-limited). */
  healthz: '/healthz',
  readyz: '/readyz',
  /** The product pages of the default PRODUCT_URL_TEMPLATE ("/produtos/{id}/{slug}"). */
  productPages: '/produtos/',
  /**
   * The pages a directory reviewer looks for, pre-rendered (pt-BR, each with an English section):
   * the privacy policy, the terms of use and the operator's contact (src/legal/).
   */
  privacy: '/privacidade',
  terms: '/termos',
  contact: '/contato',
  /**
   * Where Netlify's first line rewrites a client past its coarse ceiling (src/flood-limit/flood-limit.ts):
   * it answers the contract's 429, counts nothing and reads no snapshot. Not a public endpoint.
   */
  rateLimited: '/_rate-limited',
} as const;

/** The public URLs of this deployment, as the documents and catalog_overview list them. */
export function publicUrls(siteUrl: string) {
  return {
    documents: {
      manifest: siteUrl + PATHS.manifest,
      showcase: siteUrl + PATHS.showcase,
      llms: siteUrl + PATHS.llms,
      sitemap: siteUrl + PATHS.sitemap,
      openapiJson: siteUrl + PATHS.openapiJson,
      openapiYaml: siteUrl + PATHS.openapiYaml,
    },
    /** Where agents find the MCP server before connecting (docs/api.md, "Discovery documents"). */
    discovery: {
      serverCard: siteUrl + PATHS.serverCard,
      aiCatalog: siteUrl + PATHS.aiCatalog,
      serverJson: siteUrl + PATHS.serverJson,
      ucpProfile: siteUrl + PATHS.ucpProfile,
    },
    endpoints: {
      productStats: siteUrl + PATHS.productStats,
      merchantStats: siteUrl + PATHS.merchantStats,
      productPriceHistory: siteUrl + PATHS.productPriceHistory,
      mcp: siteUrl + PATHS.mcp,
      research: siteUrl + PATHS.research,
      ucpMcp: siteUrl + PATHS.ucpMcp,
      ucpRest: siteUrl + PATHS.ucpRest,
    },
    pages: {
      privacy: siteUrl + PATHS.privacy,
      terms: siteUrl + PATHS.terms,
      contact: siteUrl + PATHS.contact,
    },
  };
}
