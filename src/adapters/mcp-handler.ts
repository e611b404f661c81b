import { lazyCatalog } from '../catalog/catalog-reader.ts';
import type { Config } from '../config/config.ts';
import { handlerFromEnv } from './handler-from-env.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { DiscoveryContext } from '../core/discovery/discovery-context.ts';
import { jsonRpcError } from '../core/mcp/json-rpc.ts';
import { createMcpEndpoint } from '../core/mcp/mcp-endpoint.ts';
import { productUrlBuilder } from '../core/product-url.ts';
import type { RequestHandler } from '../core/rest/stats-api.ts';

const logError = (error: unknown) => console.error('[mcp]', error);

export function discoveryContext(config: Config): DiscoveryContext {
  return {
    catalog: lazyCatalog(config.catalogDb),
    siteUrl: config.siteUrl,
    productUrl: productUrlBuilder(config.productUrlTemplate),
    logError,
  };
}

/** The MCP endpoint in this process; `publicHost` turns the loopback Host check off (Netlify). */
export function createMcpHandler(config: Config, options: { publicHost?: boolean; quota: QuotaGate | null }): RequestHandler {
  return createMcpEndpoint({ ...discoveryContext(config), cache: config.cache, allowedHosts: options.publicHost ? null : config.allowedHosts, quota: options.quota });
}

/** For serverless entry points: a configuration error is logged and answered as a JSON-RPC 500. */
export function createMcpHandlerFromEnv(
  options: { publicHost?: boolean; quota: (config: Config) => QuotaGate | null },
  env: Record<string, string | undefined> = process.env,
): RequestHandler {
  return handlerFromEnv(
    (config) => createMcpHandler(config, { publicHost: options.publicHost, quota: options.quota(config) }),
    () => jsonRpcError(500, -32603, 'Internal error: the server is misconfigured', null),
    logError,
    env,
  );
}
