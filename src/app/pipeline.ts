import { PATHS } from '../contract/paths.ts';
import type { Answer, BodyRequest, RequestFacts } from '../http/answer.ts';
import type { ApiErrorCode } from '../http/api-error.ts';
import { type ErrorShape, REST_ERRORS } from '../http/error-shape.ts';
import type { BodyHandler, PlainHandler, RouteEntry } from '../http/route.ts';
import type { Logger } from '../observability/log/logger.ts';
import type { MetricsRecorder } from '../observability/metrics/metrics-recorder.ts';

/**
 * A request as a platform's adapter hands it to the app: the Node server reads it off the socket
 * (src/platform/node/node-exchange.ts), the Web adapters wrap a Request (WebRequestFacts).
 */
export interface Exchange {
  readonly method: string;
  /** The path as the WHATWG URL parser gives it; null when the request target is not a path ("*", a URL). */
  readonly path: string | null;
  /** The request as its route reads it, asked for once the route is known (a plain route never reads the body). */
  facts(): BodyRequest;
}

/**
 * One request on its way through the app. The adapter writes `answer` (a plain answer, or the MCP
 * SDK's Web Response) and calls `done` once it is sent, with its status, or when the client left
 * first (null): that writes the request's one log line and counts it.
 */
export interface Handled {
  readonly answer: Answer | Response | Promise<Answer | Response>;
  done(status: number | null): void;
  /** The route's 500, for an answer the platform could not send (a header value it refuses). */
  failure(): Answer;
}

/** A route of the table, its handler made once and guarded. */
export interface TableRow {
  entry: RouteEntry<never>;
  match(pathname: string): boolean;
  onlyFiles: { has(pathname: string): boolean } | null;
  route: Route;
}

/** A route's handler, guarded: whatever it throws or rejects with is its error shape's 500. */
export type Route = { name: string; quiet: boolean; answer(facts: BodyRequest): Answer | Response | Promise<Answer | Response> };

/** What the pipeline reads of the app for its log lines and counts. */
export interface PipelineParts {
  logger: Logger;
  metrics: MetricsRecorder;
  catalogVersion(): string | null;
  template(row: TableRow, pathname: string): string;
}

/** INVALID_REQUEST_TARGET's resolution, with an example path of this service's. */
const TARGET = {
  resolution: `Send the request to a path on this host ("${PATHS.productStats.replace('{productId}', '1')}"), not "*" or a full URL.`,
};

/** The request log's name for a target that is not a path, and for paths no route answers. */
const NOT_A_PATH = '(not a path)';
const NO_ROUTE = '/*';

class InFlight implements Handled {
  readonly #parts: PipelineParts;
  readonly #method: string;
  readonly #route: string;
  readonly #level: 'debug' | 'info';
  readonly #started: number;
  readonly #errors: ErrorShape;
  readonly answer: Answer | Response | Promise<Answer | Response>;

  constructor(
    parts: PipelineParts,
    method: string,
    route: string,
    quiet: boolean,
    started: number,
    errors: ErrorShape,
    answer: Handled['answer'],
  ) {
    this.#parts = parts;
    this.#errors = errors;
    this.#method = method;
    this.#route = route;
    this.#level = quiet ? 'debug' : 'info';
    this.#started = started;
    this.answer = answer;
  }

  done(status: number | null): void {
    const parts = this.#parts;
    const durationMs = performance.now() - this.#started;
    const method = this.#method;
    const route = this.#route;
    // Two literals: a spread of `aborted` copied the properties again on every request.
    parts.logger.request(
      status !== null
        ? { method, route, status, durationMs, catalogVersion: parts.catalogVersion() }
        : { method, route, status: null, durationMs, catalogVersion: parts.catalogVersion(), aborted: true },
      this.#level,
    );
    // A request whose client left has no status: counted by the log alone.
    if (status !== null) parts.metrics.request(route, method, status, durationMs / 1000);
  }

  failure(): Answer {
    return this.#errors.answer('INTERNAL_ERROR');
  }
}

/** The route that answers a path, or null: no route of this deployment does. */
export function findRow(table: readonly TableRow[], pathname: string): TableRow | null {
  for (const row of table) {
    if ((row.onlyFiles === null || row.onlyFiles.has(pathname)) && row.match(pathname)) return row;
  }
  return null;
}

/**
 * The app's one request pipeline, whatever platform carries the request: the route (or the
 * contract's 404), its answer with failures in the route's error shape, and the log line and
 * counts once the adapter has sent it.
 */
export function handleWith(table: readonly TableRow[], parts: PipelineParts): (exchange: Exchange) => Handled {
  return (exchange) => {
    const started = performance.now();
    const path = exchange.path;
    if (path === null)
      return new InFlight(
        parts,
        exchange.method,
        NOT_A_PATH,
        false,
        started,
        REST_ERRORS,
        REST_ERRORS.answer('INVALID_REQUEST_TARGET', TARGET),
      );
    const row = findRow(table, path);
    if (row === null)
      return new InFlight(parts, exchange.method, NO_ROUTE, false, started, REST_ERRORS, REST_ERRORS.answer('API_ROUTE_NOT_FOUND'));
    const { route, entry } = row;
    const template = parts.template(row, path);
    return new InFlight(parts, exchange.method, template, route.quiet, started, entry.errors, route.answer(exchange.facts()));
  };
}

/**
 * What a request Node's parser refused gets (an unknown method, a malformed header, headers too
 * large, one not received in time): the error in the shape of the route its path would have
 * reached, or the REST contract's when its target is not a path; a 405 names that route's methods.
 */
export function refusalWith(table: readonly TableRow[]): (path: string | null, code: ApiErrorCode) => Answer {
  return (path, code) => {
    const entry = path === null ? null : (findRow(table, path)?.entry ?? null);
    const headers: Record<string, string> = code === 'METHOD_NOT_ALLOWED' ? { Allow: entry?.allow ?? DEFAULT_ALLOW } : {};
    const resolution = code === 'INVALID_REQUEST_TARGET' ? TARGET.resolution : undefined;
    return (entry?.errors ?? REST_ERRORS).answer(
      code,
      resolution === undefined ? { headers, unread: true } : { headers, unread: true, resolution },
    );
  };
}

/** The methods of a route that states none: the site's files and documents. */
const DEFAULT_ALLOW = 'GET, HEAD, OPTIONS';

/** A route's handler, its failures logged and answered in the route's error shape; sync stays sync. */
export function guarded(logger: Logger, entry: RouteEntry<never>, handler: { plain: PlainHandler } | { body: BodyHandler }): Route {
  const { name, errors } = entry;
  const failed = (error: unknown): Answer => {
    logger.error(name, error);
    return errors.answer('INTERNAL_ERROR');
  };
  const quiet = entry.quiet ?? false;
  if ('body' in handler) {
    const handle = handler.body;
    return {
      name,
      quiet,
      answer: async (request: BodyRequest) => {
        try {
          return await handle(request);
        } catch (error) {
          return failed(error);
        }
      },
    };
  }
  const handle = handler.plain;
  // null: not this route's after all (a file gone since it was listed): the contract's 404.
  const orNotFound = (answer: Answer | null): Answer => answer ?? REST_ERRORS.answer('API_ROUTE_NOT_FOUND');
  return {
    name,
    quiet,
    answer: (facts: RequestFacts) => {
      try {
        const answer = handle(facts);
        return answer instanceof Promise ? answer.catch(failed) : orNotFound(answer);
      } catch (error) {
        return failed(error);
      }
    },
  };
}
