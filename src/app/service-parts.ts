import type { LazyCatalog } from '../catalog-read/catalog-reader.ts';
import type { Config } from '../config/config.ts';
import type { McpDeps } from '../mcp/endpoint.ts';
import type { Logger } from '../observability/log/logger.ts';
import type { ProductPagePaths } from '../product-pages/product-page-path.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { Platform } from './platform.ts';

/**
 * What the app makes once per process and hands every route's handler factory (RouteEntry in
 * src/http/route.ts): each route states which of these it needs, and the type checker holds this
 * to every route's list (src/app/routes.ts).
 */
export interface ServiceParts {
  config: Config;
  platform: Platform;
  logger: Logger;
  /** An error logger for one scope (its route's name). */
  logError: (scope: string) => (error: unknown) => void;
  /** The snapshot, opened on first use and once per process. */
  catalog: LazyCatalog;
  /** The quotas (null: RATE_LIMITS=off). */
  quota: QuotaGate | null;
  /** Whether the shared quota store answers within its bound, for /readyz (null: quotas off). */
  probeQuotaStore: (() => Promise<{ reachable: boolean; ms: number }>) | null;
  productUrl: (id: number, slug: string) => string;
  /** The product pages' paths on this site (null: PRODUCT_URL_TEMPLATE is on another site). */
  pagePaths: ProductPagePaths | null;
  /** What both MCP endpoints need. */
  mcp: McpDeps;
}
