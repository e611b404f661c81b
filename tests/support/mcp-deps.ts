import type { LazyCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { productUrlBuilder } from '../../src/catalog-read/product-url.ts';
import type { McpDeps } from '../../src/mcp/endpoint.ts';
import { fixedCursorSecret } from '../../src/search/local/cursor-secret.ts';

/**
 * What an MCP endpoint made in a test needs: the catalog, the sample build's site, no quotas, no
 * Host or Origin check, no views (a tools/call answer is the same with them); `more` overrides.
 */
export const testMcpDeps = (catalog: LazyCatalog, more: Partial<McpDeps> = {}): McpDeps => ({
  catalog,
  siteUrl: 'http://localhost:4321',
  productUrl: productUrlBuilder('http://localhost:4321/produtos/{id}/{slug}'),
  cursorSecret: fixedCursorSecret('test cursor secret'),
  logError: () => {},
  logWarn: () => {},
  cache: { maxAge: 60, staleWhileRevalidate: 300 },
  allowedHosts: null,
  allowedOrigins: null,
  quota: null,
  appViews: null,
  ...more,
});
