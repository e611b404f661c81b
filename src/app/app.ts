import { lazyCatalog } from '../catalog/catalog-reader.ts';
import { productUrlBuilder } from '../catalog/product-url.ts';
import { type Config, loadConfig } from '../config/config.ts';
import { createDocumentFiles, documentMethods } from '../documents/serve-documents.ts';
import { type Answer, type BodyRequest, type RequestFacts, toResponse, WebRequestFacts } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import { createMcpEndpoint, type McpDeps } from '../mcp/endpoint.ts';
import { mcpFailure } from '../mcp/json-rpc.ts';
import { CATALOG_TOOLS, RESEARCH_TOOLS } from '../mcp/tool-list.ts';
import { createHealthEndpoints } from '../operations/health.ts';
import { createLogger, type Logger } from '../operations/logger.ts';
import { productPagePaths } from '../product-pages/product-page-path.ts';
import { createProductPages } from '../product-pages/product-pages.ts';
import { FallbackQuotaStore } from '../quota/fallback-quota-store.ts';
import { createQuotaGate, type QuotaGate } from '../quota/quota-gate.ts';
import { PATHS } from '../service/paths.ts';
import { createShowcaseEndpoint, SHOWCASE_QUERY } from '../showcase/showcase-endpoint.ts';
import { createSiteFiles, siteMethods } from '../site/site-files.ts';
import { createStatsEndpoint } from '../stats/stats-endpoint.ts';
import { firstLineAnswer } from './first-line.ts';
import type { Platform } from './platform.ts';
import { ROUTES, type RouteName, type RouteSpec } from './routes.ts';

/**
 * A route's answer. `plain`: facts in, a plain answer out (null: not this route's after all, the
 * platform answers), written to the socket directly by the self-hosted server. `body`: a request
 * whose body the route reads, answered plainly or with a Web Response (MCP: its own answers are
 * plain, the SDK's are Responses).
 */
export type Route =
  | { name: RouteName; plain: (facts: RequestFacts) => Answer | Promise<Answer> | null }
  | { name: RouteName; body: (request: BodyRequest) => Promise<Answer | Response> };

/** How long /readyz waits for a quota store with no bound of its own (the SQLite file). */
const READINESS_TIMEOUT_MS = 1_000;

/** The route templates the request log names (never the path asked for, which may carry user text). */
const STATS_TEMPLATE = /^\/api\/public\/v1\/(products|merchants)\/[^/]*\/stats$/;

export interface App {
  /** The route that answers a path (WHATWG-parsed), or null: the platform's (pages, files, 404). */
  route(pathname: string): Route | null;
  /** Whether answers count against the client's quotas (the server then tells clients apart). */
  readonly countsClients: boolean;
  /** The Web face: Netlify, Astro and tests. Paths no route answers get a 404 error. */
  fetch(request: Request, clientAddress?: string | null): Promise<Response>;
  /** The template of a path's route, for the request log. */
  template(route: Route | null, pathname: string): string;
  /** The open snapshot's version, without opening one. */
  catalogVersion(): string | null;
  /** Opens a snapshot a build put in place of the open one; true when it did (docs/operations.md). */
  refreshCatalog(): boolean;
  readonly logger: Logger;
  /** Closes the snapshot, if it was opened, and the quota store (giving its leases back). */
  close(): void;
}

/** A page's 500: plain text for the person reading it (pages are not the API's contract). */
function pageFailure(): Answer {
  return { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, body: 'Erro interno.\n' };
}

/** What a route answers when its handler throws or rejects: the contract's 500, never a detail. */
const FAILURES: Record<RouteName, () => Answer> = {
  health: () => errorAnswer('INTERNAL_ERROR'),
  documents: () => errorAnswer('INTERNAL_ERROR'),
  stats: () => errorAnswer('INTERNAL_ERROR'),
  showcase: () => errorAnswer('INTERNAL_ERROR'),
  mcp: mcpFailure,
  research: mcpFailure,
  rateLimited: () => errorAnswer('INTERNAL_ERROR'),
  pages: pageFailure,
  site: pageFailure,
};

/** A plain handler whose failures are logged and answered as its route's 500; sync stays sync. */
function guardPlain(logger: Logger, name: RouteName, handle: (facts: RequestFacts) => Answer | Promise<Answer> | null): Route {
  const log = (error: unknown) => logger.error(name, error);
  const failed = (error: unknown): Answer => {
    log(error);
    return FAILURES[name]();
  };
  return {
    name,
    plain: (facts) => {
      try {
        const answer = handle(facts);
        return answer instanceof Promise ? answer.catch(failed) : answer;
      } catch (error) {
        return failed(error);
      }
    },
  };
}

function guardBody(logger: Logger, name: RouteName, handle: (request: BodyRequest) => Promise<Answer | Response>): Route {
  const log = (error: unknown) => logger.error(name, error);
  return {
    name,
    body: async (request) => {
      try {
        return await handle(request);
      } catch (error) {
        log(error);
        return FAILURES[name]();
      }
    },
  };
}

/** The Web face: answers a Request, and logs it once its answer (not its streamed body) is ready. */
function webFace(app: Omit<App, 'fetch'>): App['fetch'] {
  const answer = async (facts: WebRequestFacts, found: Route | null): Promise<Response> => {
    if (found === null) return toResponse(errorAnswer('API_ROUTE_NOT_FOUND'));
    if ('body' in found) {
      const answered = await found.body(facts);
      return answered instanceof Response ? answered : toResponse(answered);
    }
    return toResponse((await found.plain(facts)) ?? errorAnswer('API_ROUTE_NOT_FOUND'));
  };
  return async (request, clientAddress = null) => {
    const started = performance.now();
    const facts = new WebRequestFacts(request, clientAddress);
    const found = app.route(facts.pathname);
    const response = await answer(facts, found);
    app.logger.request(
      {
        method: facts.method,
        route: app.template(found, facts.pathname),
        status: response.status,
        durationMs: performance.now() - started,
        catalogVersion: app.catalogVersion(),
      },
      found?.name === 'health' ? 'debug' : 'info',
    );
    return response;
  };
}

/**
 * The service: one route table (routes.ts), one snapshot reader and one quota gate for the
 * process, whatever platform carries the requests. Each platform's adapter only turns its
 * requests into these and back.
 */
export function createApp(config: Config, platform: Platform): App {
  const logger = createLogger(config.logLevel);
  const logError = (scope: string) => (error: unknown) => logger.error(scope, error);
  const catalog = lazyCatalog(config.catalogDb, {
    releaseAfterMs: config.snapshotReleaseSeconds * 1000,
    log: (m) => logger.warn('catalog', m),
  });
  const logQuota = (m: string) => logger.warn('quota', m);
  const shared = config.rateLimits.enabled ? platform.quotaStore(config, logQuota) : null;
  const quotaStore = shared && new FallbackQuotaStore(shared.store, { timeoutMs: shared.timeoutMs, log: logQuota });
  const quota: QuotaGate | null = quotaStore && createQuotaGate(config.rateLimits, quotaStore);
  const productUrl = productUrlBuilder(config.productUrlTemplate);
  const { cache, siteUrl } = config;
  const pagePaths = productPagePaths(config.productUrlTemplate, siteUrl);

  const mcpDeps: McpDeps = {
    catalog,
    siteUrl,
    productUrl,
    logError: logError('mcp'),
    logWarn: (message, fields) => logger.warn('mcp', message, fields),
    ...(config.searchWorkBudget === null ? {} : { searchWorkBudget: config.searchWorkBudget }),
    cache,
    allowedHosts: platform.checkHost ? config.allowedHosts : null,
    allowedOrigins: config.allowedOrigins,
    quota,
  };
  const handlers: Record<RouteName, Route | null> = {
    health: guardPlain(
      logger,
      'health',
      createHealthEndpoints({
        catalog,
        probeQuotaStore: shared && quotaStore && (() => quotaStore.probe(shared.timeoutMs ?? READINESS_TIMEOUT_MS)),
        logError: logError('health'),
      }),
    ),
    // Where the platform serves the files (Netlify's CDN), the app answers only their other methods.
    documents: guardPlain(logger, 'documents', platform.files ? createDocumentFiles(platform.files, cache) : documentMethods),
    stats: guardPlain(logger, 'stats', createStatsEndpoint({ catalog, cache, siteUrl, quota, cdn: platform.cdn?.perClient ?? null })),
    mcp: guardBody(logger, 'mcp', createMcpEndpoint(mcpDeps, { path: PATHS.mcp, toolSet: CATALOG_TOOLS })),
    research: guardBody(logger, 'research', createMcpEndpoint(mcpDeps, { path: PATHS.research, toolSet: RESEARCH_TOOLS })),
    showcase: guardPlain(
      logger,
      'showcase',
      createShowcaseEndpoint({ catalog, productUrl, cache, cdn: platform.cdn?.shared(cache, SHOWCASE_QUERY) ?? null }),
    ),
    // Counts nothing: Netlify's first line already refused the request (src/app/first-line.ts).
    rateLimited: guardBody(logger, 'rateLimited', firstLineAnswer),
    pages:
      platform.pages && pagePaths
        ? guardPlain(
            logger,
            'pages',
            createProductPages({
              catalog,
              siteUrl,
              productUrl,
              paths: pagePaths,
              render: platform.pages,
              cache,
              cdn: platform.cdn?.shared(cache, []) ?? null,
              logError: logError('pages'),
              keptBytes: config.pageCacheBytes,
            }),
          )
        : null,
    site: guardPlain(logger, 'site', platform.files ? createSiteFiles(platform.files, cache) : siteMethods),
  };
  // The pages answer under the configured template's prefix, not only the default one.
  const matchOf = (spec: RouteSpec) => (spec.name === 'pages' && pagePaths ? (p: string) => p.startsWith(pagePaths.prefix) : spec.match);

  // The routes this platform has, in order; the documents only where a built file is there (a
  // set lookup first: most paths are not files, and the stats hot path passes by here), or by
  // name where the CDN has the files.
  const table = ROUTES.flatMap((spec) => {
    const handler = handlers[spec.name];
    return handler === null ? [] : [{ match: matchOf(spec), handler, isFile: spec.name === 'documents' ? (platform.files ?? null) : null }];
  });
  const route = (pathname: string): Route | null => {
    for (const { match, handler, isFile } of table) {
      if ((isFile === null || isFile.has(pathname)) && match(pathname)) return handler;
    }
    return null;
  };

  const template = (found: Route | null, pathname: string): string => {
    switch (found?.name) {
      case 'health':
      case 'mcp':
      case 'research':
      case 'showcase':
      case 'rateLimited':
        return pathname;
      case 'documents':
        return pathname.startsWith(PATHS.sitemapChildren) ? `${PATHS.sitemapChildren}/sitemap-{n}.xml` : pathname;
      case 'stats': {
        const kind = STATS_TEMPLATE.exec(pathname)?.[1];
        return kind === 'products' ? PATHS.productStats : kind === 'merchants' ? PATHS.merchantStats : `${PATHS.api}/*`;
      }
      case 'pages':
        return `${pagePaths?.prefix ?? PATHS.productPages}*`;
      default:
        return '/*';
    }
  };
  const app: Omit<App, 'fetch'> = {
    route,
    countsClients: quota !== null,
    template,
    catalogVersion: () => catalog.current()?.catalogVersion ?? null,
    refreshCatalog: () => catalog.refresh(),
    logger,
    close: () => {
      catalog.close();
      quotaStore?.close();
    },
  };
  return { ...app, fetch: webFace(app) };
}

/** The route of a path by the table alone, without an app (what serverless adapters check first). */
export const routeSpecOf = (pathname: string): RouteSpec | undefined => ROUTES.find((spec) => spec.match(pathname));

/**
 * For serverless entry points, where a throw at module load would turn every request into a
 * platform error page: the configuration is read once; if it is invalid, that is logged and every
 * request gets its route's own 500.
 */
export function appFromEnv(platform: Platform, env: Record<string, string | undefined> = process.env): App {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    const logger = createLogger('info');
    logger.error('config', error);
    const failing = (name: RouteName) => guardPlain(logger, name, () => FAILURES[name]());
    const route = (pathname: string) => {
      const spec = routeSpecOf(pathname);
      return spec === undefined ? null : failing(spec.name);
    };
    const app: Omit<App, 'fetch'> = {
      route,
      countsClients: false,
      template: (found) => found?.name ?? '/*',
      catalogVersion: () => null,
      refreshCatalog: () => false,
      logger,
      close: () => {},
    };
    return { ...app, fetch: webFace(app) };
  }
  return createApp(config, platform);
}
