import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { type App, createApp } from '../../app/app.ts';
import type { Handled } from '../../app/pipeline.ts';
import { fileIdentity } from '../../catalog-read/catalog-reader.ts';
import type { Config } from '../../config/config.ts';
import type { Answer } from '../../http/answer.ts';
import { builtAppViews } from '../../mcp/app-views.ts';
import { APP_VIEWS_DIR } from '../../mcp-app/view-files.ts';
import type { Logger } from '../../observability/log/logger.ts';
import { createPrometheusRecorder } from '../../observability/metrics/prometheus-recorder.ts';
import { loadAstroPages } from '../astro-renderer/astro-pages.ts';
import { type ParserError, rawAnswer, refusedRequest } from './client-error.ts';
import { documentsVersion, versionMismatch } from './documents-version.ts';
import { createMetricsListener } from './metrics-listener.ts';
import { nodePlatform } from './node-platform.ts';
import { NodeExchange, type NodeExchangeSettings } from './node-request.ts';
import { bodyPending, settleUnreadBody } from './request-body.ts';
import { serveOwnBuild, takeUpSignal } from './served-build.ts';
import { staticFiles } from './static-files.ts';
import { sendWebBody, sendWebResponse } from './web-bridge.ts';

export interface NodeServerOptions {
  config: Config;
  /** The Astro build output (dist/): the site's files, and the server build that renders the product pages. */
  distDir: string;
}

/**
 * Writes a plain answer to the socket: no WHATWG Response on the hot path. With Content-Length,
 * Node sends head and body in one write instead of chunked framing (set in the headers object:
 * headers set apart with setHeader would make Node merge the two).
 */
function send(res: ServerResponse, answer: Answer, close: boolean, handled: Handled | null): void {
  const { status, headers, body } = answer;
  try {
    if (typeof body === 'string') headers['Content-Length'] = String(Buffer.byteLength(body));
    else if (body instanceof Uint8Array) headers['Content-Length'] = String(body.byteLength);
    if (close) headers.Connection = 'close';
    res.writeHead(status, headers);
  } catch (error) {
    // Only a header value Node refuses (say, a hand-edited snapshot's meta) can land here.
    (res.req as LoggedRequest).log?.error('server', error);
    if (!res.headersSent && handled !== null) send(res, handled.failure(), false, null);
    return;
  }
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) res.end(body ?? undefined);
  else void sendWebBody(res, body);
}

/** A request with the logger its server writes errors to. */
type LoggedRequest = IncomingMessage & { log?: Logger };

/**
 * One request through the app's pipeline (src/app/pipeline.ts): its answer written to the socket,
 * and the pipeline told when it is sent, or when its client left first.
 */
function dispatch(app: App, settings: NodeExchangeSettings, req: IncomingMessage, res: ServerResponse): void {
  (req as LoggedRequest).log = app.logger;
  const handled = app.handle(new NodeExchange(req, settings));
  res.once('close', () => handled.done(res.writableFinished ? res.statusCode : null));
  const { answer } = handled;
  // A plain answer to a request with no body left (the stats hot path) is written now, with no promise made.
  const written =
    answer instanceof Promise ? answer.then((answered) => write(req, res, answered, handled)) : write(req, res, answer, handled);
  written?.catch((error: unknown) => {
    // A failure writing an answer already begun: nothing else can be sent on this connection.
    app.logger.error('server', error);
    res.destroy();
  });
}

/** Writes an answer once the request's unread body, if any, is dealt with (the common case waits for nothing). */
function write(req: IncomingMessage, res: ServerResponse, answer: Answer | Response, handled: Handled): Promise<void> | undefined {
  if (bodyPending(req)) return settleUnreadBody(req).then(({ close }) => deliver(res, answer, close, handled));
  return deliver(res, answer, false, handled);
}

function deliver(res: ServerResponse, answer: Answer | Response, close: boolean, handled: Handled): Promise<void> | undefined {
  if (answer instanceof Response) return sendWebResponse(res, answer, close);
  send(res, answer, close, handled);
  return undefined;
}

/**
 * The self-hosted server: a bare node:http server in front of the app, which answers every path:
 * the API, MCP, the showcase, the documents, the product pages (rendered by Astro's server build,
 * in process) and the rest of the built site with its 404 page.
 */
export async function createNodeServer({ config, distDir }: NodeServerOptions): Promise<NodeService> {
  if (!existsSync(join(distDir, 'server', 'entry.mjs')))
    throw new Error(`${distDir}/server/entry.mjs is missing: run \`npm run build\` first`);
  // The server's own copy of the build: whatever a build does to dist, it serves this one.
  const served = serveOwnBuild(distDir);
  const pages = await loadAstroPages(join(served.dir('server'), 'entry.mjs'));
  const files = staticFiles(served.dir('client'));
  // Metrics only with METRICS_PORT: otherwise the app's recorder is the no-op one and no listener is made.
  const recorder = config.metrics && createPrometheusRecorder();
  const app = createApp(
    config,
    nodePlatform(files, pages, builtAppViews(join(served.dir('server'), APP_VIEWS_DIR))),
    recorder ?? undefined,
  );
  const exchangeSettings = { countsClients: app.countsClients, trustProxy: config.rateLimits.trustProxy, origin: config.siteUrl };
  const metricsServer = recorder && createMetricsListener(recorder.registry, (error) => app.logger.error('metrics', error));
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
    (req, res) => dispatch(app, exchangeSettings, req, res),
  );
  // What Node's parser refuses or times out, in its path's error shape (Node's default is a bare
  // 400 or 408); as Node does, only on a connection with nothing written yet, and closed after it.
  server.on('clientError', (error: ParserError, socket: Socket) => {
    if (socket.writable && socket.bytesWritten === 0 && error.code !== 'ECONNRESET') {
      const { path, code } = refusedRequest(error);
      socket.end(rawAnswer(app.refused(path, code)));
    }
    socket.destroy();
  });

  // `npm run rebuild` puts a snapshot and its documents in place, then says so (takeUpSignal):
  // looked for every second. The documents first, so the new catalog is never served without them.
  const signal = takeUpSignal(config.catalogDb);
  let signalled = fileIdentity(signal);
  // Both or neither: documents that state another catalog than the snapshot's are refused (and the
  // snapshot with them), so no two faces ever state two versions (documents-version.ts).
  const takeUp = () => {
    let staged: ReturnType<typeof served.stage>;
    try {
      staged = served.stage('client');
    } catch (error) {
      app.logger.warn('server', `the rebuild's documents cannot be taken up (${(error as Error).message}): still serving the build it has`);
      app.metrics.catalogSwap('failed');
      return;
    }
    const documents = documentsVersion(staged.dir);
    const outcome = app.refreshCatalog((meta) => versionMismatch(documents, meta.catalogVersion));
    if (outcome === 'failed') staged.discard();
    else files.moveTo(staged.commit());
    app.metrics.catalogSwap(outcome);
    if (outcome === 'swapped')
      app.logger.info('catalog', `answering from catalog version ${app.catalogVersion()} (a rebuild was put in place)`);
  };
  const watch = setInterval(() => {
    const now = fileIdentity(signal);
    if (now === signalled) return;
    signalled = now;
    if (now !== null) takeUp();
  }, SNAPSHOT_CHECK_MS);
  watch.unref();
  const release = () => {
    clearInterval(watch);
    metricsServer?.close();
    app.close();
    served.remove();
  };
  server.once('close', release);

  let stopping: Promise<void> | null = null;
  const shutdown = () =>
    (stopping ??= new Promise<void>((resolve) => {
      app.logger.info('server', 'stopping: no new connections; finishing the requests in flight');
      // Idle keep-alive connections close now; busy ones once their answer is sent (looked for
      // every 50 ms: a connection that turns idle stays open otherwise).
      server.close(() => resolve());
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const bound = setTimeout(() => {
        app.logger.warn('server', `requests still in flight after ${config.shutdownGraceSeconds} s: closing their connections`);
        server.closeAllConnections();
      }, config.shutdownGraceSeconds * 1000);
      bound.unref();
      server.once('close', () => {
        clearInterval(idle);
        clearTimeout(bound);
      });
    }));
  return { server, metricsServer, logger: app.logger, refresh: takeUp, shutdown, release };
}

/** How often the server looks for a rebuild's signal. */
const SNAPSHOT_CHECK_MS = 1_000;

/*
 * Bounds on receiving a request (docs/operations.md), so a client sending slowly cannot hold
 * connections open: its head within HEADERS_TIMEOUT_MS of the connection's or the request's first
 * byte, the whole request within REQUEST_TIMEOUT_MS. It is answered 408 in its path's shape and
 * the connection closed (clientErrorAnswer: the request was never routed). The second is a
 * backstop: a body a route reads has its own bound (BODY_TIMEOUT_MS, request-body.ts), an unread
 * one is drained for DRAIN_MS at most. Neither applies once a request is received, so answers
 * that take long to compute or to stream are not cut, nor idle keep-alive connections (Node's
 * keepAliveTimeout closes those). Node looks for expired requests every TIMEOUT_CHECK_MS
 * (default 30 s: the bounds would be met up to that late).
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const TIMEOUT_CHECK_MS = 1_000;

export interface NodeService {
  server: Server;
  /** The metrics' own listener, not listening yet (METRICS_PORT); null: metrics off. */
  metricsServer: Server | null;
  logger: Logger;
  /** Takes up what is in place now: dist's documents and the snapshot at CATALOG_DB (SIGHUP). */
  refresh(): void;
  /**
   * Stops accepting connections, lets the requests in flight finish (closing their connections
   * after SHUTDOWN_GRACE_SECONDS), then closes the snapshot and gives the quota leases back.
   */
  shutdown(): Promise<void>;
  /** Closes the snapshot and removes the server's copy of the build, for a server that never listened. */
  release(): void;
}
