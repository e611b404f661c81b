import { z } from 'zod';
import { OPERATOR_ENV, type OperatorContact, operatorContact } from './operator-contact.ts';
import { parseQuotaNetworks, type QuotaNetwork } from './quota-networks.ts';

/** Hosts a loopback-bound server answers to by default. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().min(0).max(31_536_000);
const positive = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000_000).default(fallback);

const DEFAULT_PRODUCT_URL_TEMPLATE = '/produtos/{id}/{slug}';

/** CURSOR_SECRET's shortest: 32 characters, the length of 24 random bytes in base64 (192 bits). */
export const CURSOR_SECRET_MIN_LENGTH = 32;

/**
 * How long a use of Redis may take by default before an instance's memory counts it instead. A
 * healthy Redis on the instances' network answers a script in about a millisecond, so this is met
 * only when Redis hangs (a Redis that is down fails at once: nothing is queued while disconnected).
 * Lower would add less to a request then, but a busy instance's event loop can lag tens of
 * milliseconds, and a timeout met while Redis is healthy turns a shared count into the instance's own.
 */
export const DEFAULT_REDIS_TIMEOUT_MS = 100;

/**
 * The fixed start of a product URL template's path on this site ("/produtos/"), which the
 * product pages own: null for a template on another site, or with no fixed first segment
 * ("/{id}" would take every path) or a query.
 */
export function productPagesPrefix(template: string, siteUrl: string): string | null {
  if (!template.startsWith(`${siteUrl}/`)) return null;
  const path = template.slice(siteUrl.length);
  const prefix = path.slice(0, path.indexOf('{') === -1 ? path.length : path.indexOf('{'));
  const firstSegment = prefix.slice(1, prefix.indexOf('/', 1) === -1 ? undefined : prefix.indexOf('/', 1));
  if (!path.includes('{id}') || !prefix.includes('/', 1) || firstSegment === '' || path.includes('?')) return null;
  return prefix;
}

const DEFAULT_PAGES_PREFIX = productPagesPrefix(`x${DEFAULT_PRODUCT_URL_TEMPLATE}`, 'x')!;

/**
 * Environment configuration, validated once at start-up. Every variable is documented in
 * docs/operations.md; a bad value stops the process with a message naming it, instead of misbehaving later.
 */
export const EnvSchema = z.object({
  /** Public base URL of the site; Netlify's own URL variable is the fallback there. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  URL: z.url().optional(),
  /** The export: a directory, or a base URL (https; http on loopback hosts only) whose files the build downloads. */
  CATALOG_SOURCE: z.string().min(1).default('data/sample'),
  /** Sent as "Authorization: Bearer …" to a remote CATALOG_SOURCE's origin only; never logged. */
  CATALOG_SOURCE_TOKEN: z
    .string()
    .regex(/^[\x21-\x7E]+$/, { message: 'must be printable ASCII without spaces (the token itself, without "Bearer")' })
    .optional(),
  CATALOG_DB: z.string().min(1).default('data/catalog.sqlite'),
  /**
   * A build refuses a catalog with this many percent fewer published products than the one in
   * use (src/catalog-build/catalog-guard.ts); 100 lets any shrink through but an empty catalog.
   */
  CATALOG_MAX_SHRINK_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** "on" for one build meant to shrink or empty the catalog: the guard above is skipped. */
  CATALOG_FORCE: z.enum(['on', 'off']).default('off'),
  /** Self-hosted: the price history's own SQLite file, kept across rebuilds (src/price-history/). */
  PRICE_HISTORY_DB: z.string().min(1).default('data/price-history.sqlite'),
  /** How many days of price changes are kept: at least the 90 the figures look back. */
  PRICE_HISTORY_DAYS: z.coerce.number().int().min(90).max(3660).default(400),
  /** "on" for one build over an unreadable price history: a new one is started in its place. */
  PRICE_HISTORY_RESET: z.enum(['on', 'off']).default('off'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(4321),
  /** Self-hosted: the Prometheus metrics listener's own port (0: any free port); unset, no metrics. */
  METRICS_PORT: port.optional(),
  /** The metrics listener's address: loopback by default, since the metrics are the operator's, not the public's. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  CACHE_MAX_AGE: seconds.default(60),
  CACHE_STALE_WHILE_REVALIDATE: seconds.default(300),
  /** Canonical product page: a URL or a path on SITE_URL, with {id} and optionally {slug}. */
  PRODUCT_URL_TEMPLATE: z.string().includes('{id}', { message: 'must contain {id}' }).default(DEFAULT_PRODUCT_URL_TEMPLATE),
  /** Host header values /mcp accepts (comma-separated; "*" for any). Default: loopback names when HOST is loopback. */
  ALLOWED_HOSTS: z.string().optional(),
  /** Origins browser pages may call /mcp from (comma-separated; "*" for any), beside the site's own and loopback pages. */
  ALLOWED_ORIGINS: z.string().optional(),
  /** Netlify's deploy URLs (set by Netlify): pages of a deploy preview call its own /mcp. */
  DEPLOY_PRIME_URL: z.string().optional(),
  DEPLOY_URL: z.string().optional(),
  /** "true" in Netlify's builds and Functions (set by Netlify). */
  NETLIFY: z.string().optional(),
  /** Public fair-use quotas per client; "off" for private deployments. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_WINDOW_SECONDS: positive(60),
  RATE_LIMIT_REST: positive(120),
  RATE_LIMIT_MCP_CALLS: positive(60),
  /** The ceiling on every POST to /mcp (initialize, tools/list, notifications…), above the tools/call quota. */
  RATE_LIMIT_MCP_REQUESTS: positive(240),
  RATE_LIMIT_DISTINCT_IDS: positive(100),
  RATE_LIMIT_DISTINCT_WINDOW_SECONDS: positive(600),
  /** Secret the client keys are hashed with; unset, one is made and kept in the quota store. */
  RATE_LIMIT_SALT: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /**
   * Networks counted as one client with multiplied quotas (hosted agent platforms' egress ranges):
   * "<name> x<multiplier> <cidr> [<cidr>…]; …" (src/config/quota-networks.ts, docs/operations.md).
   */
  RATE_LIMIT_NETWORKS: z.string().optional(),
  /**
   * The IPv6 network one client is counted by: a /56 by default, the end-site allocation RFC 6177
   * recommends at its narrowest (/48 to /56), so one home is one client, not 256 (/64 each).
   */
  RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(32).max(64).default(56),
  /** The self-hosted quota store: a SQLite file apart from the snapshot. */
  RATE_LIMIT_DB: z.string().min(1).default('data/quotas.sqlite'),
  /**
   * Self-hosted, several instances: the quota store is this Redis (or Valkey) instead of the file.
   * It may carry a password, so neither it nor a part of it is ever logged or shown in a message.
   */
  RATE_LIMIT_REDIS_URL: z
    .string()
    .refine(
      (value) => {
        const url = URL.canParse(value) ? new URL(value) : null;
        if (url === null || !/^rediss?:$/.test(url.protocol) || url.hostname === '') return false;
        // Nothing after the host but a database number (the path node-redis reads); a query would be ignored.
        return /^\/?\d*$/.test(url.pathname) && !url.search && !url.hash;
      },
      { error: 'must be redis://[user:password@]host[:port][/database] or the same with rediss:// (TLS)' },
    )
    .optional(),
  /** How long a use of the shared Redis may take before the instance counts it in memory (docs/operations.md). */
  RATE_LIMIT_REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(DEFAULT_REDIS_TIMEOUT_MS),
  /** "on" behind a reverse proxy: the client is the last address it appends to X-Forwarded-For. */
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  /** The request log and the service's own messages: "info" logs every request, "warn" and "error" only trouble. */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Self-hosted: how long a SIGTERM waits for requests in flight before closing their connections. */
  SHUTDOWN_GRACE_SECONDS: seconds.default(10),
  /** Self-hosted: how long a replaced snapshot stays open for the requests that took it. */
  SNAPSHOT_RELEASE_SECONDS: seconds.default(30),
  /** Megabytes of rendered product pages kept in memory (the most recent); 0 keeps none. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(32),
  /** Index entries one search may walk (docs/api.md, "Search semantics"); unset: the tools' default. */
  SEARCH_WORK_BUDGET: z.coerce.number().int().min(10_000).max(1_000_000_000).optional(),
  /**
   * The secret search cursors are signed with (with the catalog version: src/search/local/search-cursor.ts);
   * unset, one is made and kept in the quota store. Never logged or shown in a message.
   */
  CURSOR_SECRET: z
    .string()
    .min(CURSOR_SECRET_MIN_LENGTH, {
      message: `must be at least ${CURSOR_SECRET_MIN_LENGTH} characters (make one with: openssl rand -base64 32)`,
    })
    .optional(),
  /** OPERATOR_NAME, CONTACT_EMAIL, CONTACT_URL, DPO_NAME: who runs the deployment (operator-contact.ts). */
  ...OPERATOR_ENV,
});

/** The public quotas, per client; the documents state them, the endpoints enforce them. */
export interface RateLimits {
  enabled: boolean;
  windowSeconds: number;
  rest: number;
  mcpCalls: number;
  mcpRequests: number;
  distinctIds: number;
  distinctWindowSeconds: number;
  salt: string | null;
  /** Operator-named networks, each one client with its quotas multiplied; no two overlap. */
  networks: QuotaNetwork[];
  /** RATE_LIMIT_IPV6_PREFIX: an IPv6 client is its network of this length (/56). */
  ipv6Prefix: number;
  localStore: string;
  /** RATE_LIMIT_REDIS_URL: quotas shared by every instance through Redis; null: the localStore file. */
  redisUrl: string | null;
  /** RATE_LIMIT_REDIS_TIMEOUT_MS. */
  redisTimeoutMs: number;
  trustProxy: boolean;
}

export interface Config {
  siteUrl: string;
  /** A directory, or a remote export's base URL (ending in "/"): see isRemoteSource. */
  catalogSource: string;
  catalogSourceToken: string | null;
  catalogDb: string;
  /** What a build refuses to put live (CATALOG_MAX_SHRINK_PERCENT, CATALOG_FORCE). */
  catalogGuard: { maxShrinkPercent: number; force: boolean };
  /** PRICE_HISTORY_DB, PRICE_HISTORY_DAYS, PRICE_HISTORY_RESET. */
  priceHistory: { store: string; keepDays: number; reset: boolean };
  host: string;
  port: number;
  /** CACHE_MAX_AGE and CACHE_STALE_WHILE_REVALIDATE, in seconds. */
  cache: { maxAge: number; staleWhileRevalidate: number };
  productUrlTemplate: string;
  /** null: any Host (the DNS-rebinding guard is off, as it must be behind a public name). */
  allowedHosts: ReadonlySet<string> | null;
  /** Serialized origins ("https://app.example") browser pages may call /mcp from; null: any. Loopback pages always may. */
  allowedOrigins: ReadonlySet<string> | null;
  rateLimits: RateLimits;
  logLevel: LogLevel;
  shutdownGraceSeconds: number;
  snapshotReleaseSeconds: number;
  /** null: the search tools' own default. */
  searchWorkBudget: number | null;
  /** CURSOR_SECRET; null: the one kept in the quota store (src/search/local/cursor-secret.ts). */
  cursorSecret: string | null;
  /** Bytes of rendered product pages kept (PAGE_CACHE_MB). */
  pageCacheBytes: number;
  /** Who runs the deployment and how to reach them; every field null when unset. */
  operator: OperatorContact;
  /** The Prometheus metrics listener (self-hosted; METRICS_PORT, METRICS_HOST); null: metrics off. */
  metrics: { host: string; port: number } | null;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export class ConfigError extends Error {}

/**
 * A server bound to a loopback address answers only to loopback names and the site's own host
 * (DNS-rebinding protection); one bound elsewhere is reached by names the operator knows, so the
 * check is off unless ALLOWED_HOSTS lists them.
 */
function allowedHosts(list: string | undefined, host: string, siteUrl: string): ReadonlySet<string> | null {
  if (list !== undefined) {
    const hosts = list
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    return hosts.includes('*') ? null : new Set(hosts);
  }
  if (!isLoopback(host)) return null;
  return new Set([...LOOPBACK_HOSTS, new URL(siteUrl).host.toLowerCase()]);
}

/** The site's own origin and Netlify's deploy URLs, plus ALLOWED_ORIGINS; "*" there allows every origin. */
function allowedOrigins(list: string | undefined, ownUrls: (string | undefined)[]): ReadonlySet<string> | null {
  const entries = (list ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (entries.includes('*')) return null;
  const origins = [...entries, ...ownUrls.filter((u): u is string => u !== undefined)].map((entry) => {
    if (!URL.canParse(entry) || !/^https?:\/\//i.test(entry)) {
      throw new ConfigError(`Invalid environment configuration: ALLOWED_ORIGINS: ${JSON.stringify(entry)} is not an http(s) origin`);
    }
    return new URL(entry).origin.toLowerCase();
  });
  return new Set(origins);
}

/** A CATALOG_SOURCE with a scheme ("https://…") names a remote export; anything else is a directory. */
export const isRemoteSource = (source: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

/**
 * Why a remote export may not be read from this URL, or null. The token and the catalog travel
 * over it, so plain http is for loopback hosts only (tests, local mirrors). Redirects are checked too.
 */
export function sourceUrlProblem(url: URL): string | null {
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return null;
  if (url.protocol === 'http:') return 'http:// is accepted for loopback hosts only (127.0.0.1, ::1, localhost); use https://';
  return `${url.protocol}// is not supported; use an https:// URL or a directory`;
}

/** A directory as given; a URL checked and made a folder ("/" added), so file names resolve inside it. */
function catalogSource(value: string): string {
  if (!isRemoteSource(value)) return value;
  const fail = (why: string) => new ConfigError(`Invalid environment configuration: CATALOG_SOURCE: ${why}`);
  if (!URL.canParse(value)) throw fail('not a valid URL');
  const url = new URL(value);
  const problem = sourceUrlProblem(url);
  if (problem) throw fail(problem);
  // Resolving a file name drops a query, and credentials in the URL would be logged with it.
  if (url.username || url.password) throw fail('no credentials in the URL; set CATALOG_SOURCE_TOKEN');
  if (url.search || url.hash) throw fail('no query or fragment: file names are resolved against the URL as a folder');
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as shells and dashboards often leave them that way.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment configuration: ${problems}`);
  }
  const e = parsed.data;
  const siteUrl = (e.SITE_URL ?? e.URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`).replace(/\/+$/, '');
  const productUrlTemplate = e.PRODUCT_URL_TEMPLATE.startsWith('/') ? siteUrl + e.PRODUCT_URL_TEMPLATE : e.PRODUCT_URL_TEMPLATE;
  if (!URL.canParse(productUrlTemplate.replaceAll('{id}', '1').replaceAll('{slug}', 'x')) || !/^https?:\/\//.test(productUrlTemplate)) {
    throw new ConfigError('Invalid environment configuration: PRODUCT_URL_TEMPLATE: must be a path on SITE_URL ("/...") or an http(s) URL');
  }
  // Every link handed out must answer: a template on this site must be one the pages can serve.
  if (productUrlTemplate.startsWith(`${siteUrl}/`)) {
    const prefix = productPagesPrefix(productUrlTemplate, siteUrl);
    if (prefix === null) {
      throw new ConfigError(
        'Invalid environment configuration: PRODUCT_URL_TEMPLATE: a path on this site must start with a fixed segment for the product pages (like "/produtos/{id}/{slug}") and have no query',
      );
    }
    if (e.NETLIFY === 'true' && !prefix.startsWith(DEFAULT_PAGES_PREFIX)) {
      throw new ConfigError(
        `Invalid environment configuration: PRODUCT_URL_TEMPLATE: on Netlify the product pages' Function answers under ${DEFAULT_PAGES_PREFIX} only (netlify/functions/service.ts); use a path there or the URL of another site`,
      );
    }
  }
  // The metrics are the operator's: never answered on the public port (docs/operations.md, "Metrics").
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid environment configuration: METRICS_PORT: must not be the public PORT; the metrics have a listener of their own',
    );
  }
  const networks = parseQuotaNetworks(e.RATE_LIMIT_NETWORKS);
  if ('problem' in networks) throw new ConfigError(`Invalid environment configuration: RATE_LIMIT_NETWORKS: ${networks.problem}`);
  return {
    siteUrl,
    catalogSource: catalogSource(e.CATALOG_SOURCE),
    catalogSourceToken: e.CATALOG_SOURCE_TOKEN ?? null,
    catalogDb: e.CATALOG_DB,
    catalogGuard: { maxShrinkPercent: e.CATALOG_MAX_SHRINK_PERCENT, force: e.CATALOG_FORCE === 'on' },
    priceHistory: { store: e.PRICE_HISTORY_DB, keepDays: e.PRICE_HISTORY_DAYS, reset: e.PRICE_HISTORY_RESET === 'on' },
    host: e.HOST,
    port: e.PORT,
    cache: { maxAge: e.CACHE_MAX_AGE, staleWhileRevalidate: e.CACHE_STALE_WHILE_REVALIDATE },
    productUrlTemplate,
    allowedHosts: allowedHosts(e.ALLOWED_HOSTS, e.HOST, siteUrl),
    allowedOrigins: allowedOrigins(e.ALLOWED_ORIGINS, [siteUrl, e.URL, e.DEPLOY_PRIME_URL, e.DEPLOY_URL]),
    rateLimits: {
      enabled: e.RATE_LIMITS === 'on',
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      rest: e.RATE_LIMIT_REST,
      mcpCalls: e.RATE_LIMIT_MCP_CALLS,
      mcpRequests: e.RATE_LIMIT_MCP_REQUESTS,
      distinctIds: e.RATE_LIMIT_DISTINCT_IDS,
      distinctWindowSeconds: e.RATE_LIMIT_DISTINCT_WINDOW_SECONDS,
      salt: e.RATE_LIMIT_SALT ?? null,
      networks,
      ipv6Prefix: e.RATE_LIMIT_IPV6_PREFIX,
      localStore: e.RATE_LIMIT_DB,
      redisUrl: e.RATE_LIMIT_REDIS_URL ?? null,
      redisTimeoutMs: e.RATE_LIMIT_REDIS_TIMEOUT_MS,
      trustProxy: e.TRUST_PROXY === 'on',
    },
    logLevel: e.LOG_LEVEL,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    snapshotReleaseSeconds: e.SNAPSHOT_RELEASE_SECONDS,
    searchWorkBudget: e.SEARCH_WORK_BUDGET ?? null,
    cursorSecret: e.CURSOR_SECRET ?? null,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    operator: operatorContact(e),
    metrics: e.METRICS_PORT === undefined ? null : { host: e.METRICS_HOST, port: e.METRICS_PORT },
  };
}
