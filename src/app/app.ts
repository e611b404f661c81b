import { type LazyCatalog, lazyCatalog } from '../catalog/catalog-reader.ts';
import { productUrlBuilder } from '../catalog/product-url.ts';
import { type Config, loadConfig } from '../config/config.ts';
import { type Answer, type BodyRequest, type RequestFacts, toResponse, WebRequestFacts } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import type { BodyHandler, PlainHandler, RouteEntry } from '../http/route.ts';
import { type MetricsRecorder, NO_METRICS } from '../metrics/metrics-recorder.ts';
import { createLogger, type Logger } from '../operations/logger.ts';
import { productPagePaths } from '../product-pages/product-page-path.ts';
import { FallbackQuotaStore } from '../quota/fallback-quota-store.ts';
import { createQuotaGate, type QuotaGate } from '../quota/quota-gate.ts';
import type { Platform } from './platform.ts';
import { ROUTES } from './routes.ts';
import type { ServiceParts } from './service-parts.ts';

/**
 * A route's answer. `plain`: facts in, a plain answer out (null: not this route's after all, the
 * platform answers), written to the socket directly by the self-hosted server. `body`: a request
 * whose body the route reads, answered plainly or with a Web Response (MCP: its own answers are
 * plain, the SDK's are Responses).
 */
export type Route = { name: string; quiet: boolean } & ({ plain: PlainHandler } | { body: BodyHandler });

/** How long /readyz waits for a quota store with no bound of its own (the SQLite file). */
const READINESS_TIMEOUT_MS = 1_000;

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
  /** Opens a snapshot a build put in place of the open one (docs/operations.md), and says how that went. */
  refreshCatalog(): ReturnType<LazyCatalog['refresh']>;
  readonly logger: Logger;
  /** Where requests and the rest are counted (NO_METRICS unless the platform gave a recorder). */
  readonly metrics: MetricsRecorder;
  /** Closes the snapshot, if it was opened, and the quota store (giving its leases back). */
  close(): void;
}

/** A route's handler, its failures logged and answered as the route's own 500; sync stays sync. */
function guarded(logger: Logger, entry: RouteEntry<never>, handler: { plain: PlainHandler } | { body: BodyHandler }): Route {
  const { name } = entry;
  const failed = (error: unknown): Answer => {
    logger.error(name, error);
    return entry.failure();
  };
  const quiet = entry.quiet ?? false;
  if ('body' in handler) {
    const handle = handler.body;
    return {
      name,
      quiet,
      body: async (request: BodyRequest) => {
        try {
          return await handle(request);
        } catch (error) {
          return failed(error);
        }
      },
    };
  }
  const handle = handler.plain;
  return {
    name,
    quiet,
    plain: (facts: RequestFacts) => {
      try {
        const answer = handle(facts);
        return answer instanceof Promise ? answer.catch(failed) : answer;
      } catch (error) {
        return failed(error);
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
    const route = app.template(found, facts.pathname);
    const durationMs = performance.now() - started;
    app.logger.request(
      {
        method: facts.method,
        route,
        status: response.status,
        durationMs,
        catalogVersion: app.catalogVersion(),
      },
      found?.quiet ? 'debug' : 'info',
    );
    app.metrics.request(route, facts.method, response.status, durationMs / 1000);
    return response;
  };
}

/**
 * The service: one route table (routes.ts), one snapshot reader and one quota gate for the
 * process, whatever platform carries the requests. Each platform's adapter only turns its
 * requests into these and back. `metrics`: where the service counts what it does (the
 * self-hosted server's Prometheus recorder when METRICS_PORT is set; otherwise nowhere).
 */
export function createApp(config: Config, platform: Platform, metrics: MetricsRecorder = NO_METRICS): App {
  const logger = createLogger(config.logLevel, platform.logOutput ?? 'sync');
  const logError = (scope: string) => (error: unknown) => logger.error(scope, error);
  const catalog = lazyCatalog(config.catalogDb, {
    releaseAfterMs: config.snapshotReleaseSeconds * 1000,
    log: (m) => logger.warn('catalog', m),
  });
  const logQuota = (m: string) => logger.warn('quota', m);
  const shared = config.rateLimits.enabled ? platform.quotaStore(config, logQuota) : null;
  const quotaStore = shared && new FallbackQuotaStore(shared.store, { timeoutMs: shared.timeoutMs, log: logQuota });
  const quota: QuotaGate | null = quotaStore && createQuotaGate(config.rateLimits, quotaStore, undefined, metrics.quotaRefused);
  metrics.watchQuotaFallback(() => quotaStore?.fallingBack ?? false);
  // Read at scrape time, from the snapshot open now: a scrape never opens one.
  metrics.watchCatalog(() => {
    const meta = catalog.current();
    return meta && { version: meta.catalogVersion, generatedAt: meta.generatedAt, products: catalog().discovery.counts.products };
  });
  const productUrl = productUrlBuilder(config.productUrlTemplate);
  const { cache, siteUrl } = config;
  const pagePaths = productPagePaths(config.productUrlTemplate, siteUrl);

  const parts: ServiceParts = {
    config,
    platform,
    logger,
    logError,
    catalog,
    quota,
    probeQuotaStore: shared && quotaStore && (() => quotaStore.probe(shared.timeoutMs ?? READINESS_TIMEOUT_MS)),
    productUrl,
    pagePaths,
    mcp: {
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
      appViews: platform.appViews ?? null,
      // Only when on: the search tools then skip their timing altogether.
      ...(metrics.enabled ? { metrics } : {}),
    },
  };

  // The routes this deployment has, in order, each handler made once.
  const table = ROUTES.flatMap((entry) => {
    const handler = entry.handler(parts);
    if (handler === null) return [];
    const match = entry.matchOn?.(parts) ?? entry.match;
    return [{ entry, match, onlyFiles: entry.onlyFiles?.(parts) ?? null, route: guarded(logger, entry, handler) }];
  });
  const route = (pathname: string): Route | null => {
    for (const { match, onlyFiles, route } of table) {
      if ((onlyFiles === null || onlyFiles.has(pathname)) && match(pathname)) return route;
    }
    return null;
  };
  // Every request is logged by its route's template: looked up by the route, not searched for.
  const templates = new Map(table.map(({ route, entry }) => [route, entry] as const));
  const template = (found: Route | null, pathname: string): string => {
    const entry = found && templates.get(found);
    return entry ? entry.template(pathname, parts) : '/*';
  };
  const app: Omit<App, 'fetch'> = {
    route,
    countsClients: quota !== null,
    template,
    catalogVersion: () => catalog.current()?.catalogVersion ?? null,
    refreshCatalog: () => catalog.refresh(),
    logger,
    metrics,
    close: () => {
      catalog.close();
      quotaStore?.close();
    },
  };
  return { ...app, fetch: webFace(app) };
}

/** The route of a path by the table alone, without an app (what serverless adapters check first). */
export const routeSpecOf = (pathname: string): RouteEntry<ServiceParts> | undefined => ROUTES.find((spec) => spec.match(pathname));

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
    const route = (pathname: string) => {
      const spec = routeSpecOf(pathname);
      return spec === undefined ? null : guarded(logger, spec, { plain: () => spec.failure() });
    };
    const app: Omit<App, 'fetch'> = {
      route,
      countsClients: false,
      template: (found) => found?.name ?? '/*',
      catalogVersion: () => null,
      refreshCatalog: () => 'unchanged',
      logger,
      metrics: NO_METRICS,
      close: () => {},
    };
    return { ...app, fetch: webFace(app) };
  }
  return createApp(config, platform);
}
