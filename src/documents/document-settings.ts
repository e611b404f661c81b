import type { Config } from '../config/config.ts';

/**
 * The settings the public documents and pages state, by environment variable: the site's URL,
 * product URLs, the cache policy, the quotas, and the operator's contact (the legal pages, the
 * OpenAPI `info.contact`, /gpt.json; unset ones as ""). The documents are written at build time, so a server started
 * with other values would answer under rules its documents do not say; `npm start` rebuilds when
 * these differ from the build's, and `npm run serve` warns.
 */
export function documentSettings(config: Config): Record<string, string | number> {
  const { rateLimits: q } = config;
  return {
    SITE_URL: config.siteUrl,
    PRODUCT_URL_TEMPLATE: config.productUrlTemplate,
    CACHE_MAX_AGE: config.cache.maxAge,
    CACHE_STALE_WHILE_REVALIDATE: config.cache.staleWhileRevalidate,
    RATE_LIMITS: q.enabled ? 'on' : 'off',
    RATE_LIMIT_WINDOW_SECONDS: q.windowSeconds,
    RATE_LIMIT_REST: q.rest,
    RATE_LIMIT_MCP_CALLS: q.mcpCalls,
    RATE_LIMIT_MCP_REQUESTS: q.mcpRequests,
    RATE_LIMIT_DISTINCT_IDS: q.distinctIds,
    RATE_LIMIT_DISTINCT_WINDOW_SECONDS: q.distinctWindowSeconds,
    RATE_LIMIT_NETWORKS: q.networks.map((n) => `${n.name} x${n.multiplier} ${n.cidrs.join(' ')}`).join('; '),
    OPERATOR_NAME: config.operator.name ?? '',
    CONTACT_EMAIL: config.operator.email ?? '',
    CONTACT_URL: config.operator.url ?? '',
    DPO_NAME: config.operator.dpoName ?? '',
  };
}

/** The settings whose value now differs from the build's (all of them when the build recorded none). */
export function changedDocumentSettings(built: Record<string, unknown> | undefined, now: Record<string, string | number>): string[] {
  return Object.keys(now).filter((name) => built?.[name] !== now[name]);
}
