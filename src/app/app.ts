import { type LazyCatalog, lazyCatalog } from '../catalog-read/catalog-reader.ts';
import { productUrlBuilder } from '../catalog-read/product-url.ts';
import { type Config, loadConfig } from '../config/config.ts';
import { type Answer, toResponse, WebRequestFacts } from '../http/answer.ts';
import type { ApiErrorCode } from '../http/api-error.ts';
import type { RouteEntry } from '../http/route.ts';
import { createLogger, type Logger } from '../observability/log/logger.ts';
import { type MetricsRecorder, NO_METRICS } from '../observability/metrics/metrics-recorder.ts';
import { productPagePaths } from '../product-pages/product-page-path.ts';
import { FallbackQuotaStore } from '../quota/fallback-quota-store.ts';
import { createQuotaGate, type QuotaGate } from '../quota/quota-gate.ts';
import { type CursorSecret, fixedCursorSecret, storedCursorSecret } from '../search/local/cursor-secret.ts';
import { type Exchange, findRow, guarded, type Handled, handleWith, type Route, refusalWith, type TableRow } from './pipeline.ts';
import type { Platform } from './platform.ts';
import { ROUTES } from './routes.ts';
import type { ServiceParts } from './service-parts.ts';

export type { Route } from './pipeline.ts';

/** How long /readyz waits for a quota store with no bound of its own (the SQLite file). */
const READINESS_TIMEOUT_MS = 1_000;

export interface App {
  /** One request through the app's one pipeline (pipeline.ts); the platform's adapter writes the answer. */
  handle(exchange: Exchange): Handled;
  /** What a request the platform's HTTP parser refused gets: its path's route's error shape (null: not a path). */
  refused(path: string | null, code: ApiErrorCode): Answer;
  /** The route that answers a path (WHATWG-parsed), or null: no route of this deployment does. */
  route(pathname: string): Route | null;
  /** Whether answers count against the client's quotas (the server then tells clients apart). */
  readonly countsClients: boolean;
  /** The Web face: Netlify, Astro and tests. */
  fetch(request: Request, clientAddress?: string | null): Promise<Response>;
  /** The template of a path's route, for the request log. */
  template(route: Route | null, pathname: string): string;
  /** The open snapshot's version, without opening one. */
  catalogVersion(): string | null;
  /** Opens a snapshot a build put in place of the open one (docs/operations.md), and says how that went. */
  refreshCatalog(accept?: Parameters<LazyCatalog['refresh']>[0]): ReturnType<LazyCatalog['refresh']>;
  readonly logger: Logger;
  /** Where requests and the rest are counted (NO_METRICS unless the platform gave a recorder). */
  readonly metrics: MetricsRecorder;
  /** Closes the snapshot, if it was opened, and the quota store (giving its leases back). */
  close(): void;
}

/** The Web face: a Request through the pipeline, logged once its answer (not its streamed body) is ready. */
function webFace(handle: App['handle']): App['fetch'] {
  return async (request, clientAddress = null) => {
    const handled = handle(new WebRequestFacts(request, clientAddress));
    const answer = await handled.answer;
    const response = answer instanceof Response ? answer : toResponse(answer);
    handled.done(response.status);
    return response;
  };
}

/** The app around a route table: its pipeline, its refusals, and its lookups. */
function appOf(
  table: readonly TableRow[],
  templateOf: (row: TableRow, pathname: string) => string,
  rest: Omit<App, 'handle' | 'refused' | 'route' | 'template' | 'fetch'>,
): App {
  const rows = new Map(table.map((row) => [row.route, row] as const));
  const handle = handleWith(table, {
    logger: rest.logger,
    metrics: rest.metrics,
    catalogVersion: rest.catalogVersion,
    template: templateOf,
  });
  return {
    ...rest,
    handle,
    refused: refusalWith(table),
    route: (pathname) => findRow(table, pathname)?.route ?? null,
    // Every request is logged by its route's template: looked up by the route, not searched for.
    template: (found, pathname) => {
      const row = found && rows.get(found);
      return row ? templateOf(row, pathname) : '/*';
    },
    fetch: webFace(handle),
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
  const cursorSecret: CursorSecret =
    config.cursorSecret !== null
      ? fixedCursorSecret(config.cursorSecret)
      : storedCursorSecret(quotaStore && (() => quotaStore.sharedSecret('cursor_secret')), (m) => logger.warn('search', m));
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
      cursorSecret,
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
  const table: TableRow[] = ROUTES.flatMap((entry) => {
    const handler = entry.handler(parts);
    if (handler === null) return [];
    const match = entry.matchOn?.(parts) ?? entry.match;
    return [
      { entry: entry as RouteEntry<never>, match, onlyFiles: entry.onlyFiles?.(parts) ?? null, route: guarded(logger, entry, handler) },
    ];
  });
  return appOf(table, (row, pathname) => (row.entry as RouteEntry<ServiceParts>).template(pathname, parts), {
    countsClients: quota !== null,
    catalogVersion: () => catalog.current()?.catalogVersion ?? null,
    refreshCatalog: (accept) => catalog.refresh(accept),
    logger,
    metrics,
    close: () => {
      catalog.close();
      quotaStore?.close();
    },
  });
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
    // Every route, each answering its own 500.
    const table: TableRow[] = ROUTES.map((entry) => ({
      entry: entry as RouteEntry<never>,
      match: entry.match,
      onlyFiles: null,
      route: guarded(logger, entry, { plain: () => entry.errors.answer('INTERNAL_ERROR') }),
    }));
    // Without settings, the request log names the route rather than its template.
    return appOf(table, (row) => row.entry.name, {
      countsClients: false,
      catalogVersion: () => null,
      refreshCatalog: () => 'unchanged',
      logger,
      metrics: NO_METRICS,
      close: () => {},
    });
  }
  return createApp(config, platform);
}
