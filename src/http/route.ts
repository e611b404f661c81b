import type { Answer, BodyRequest, RequestFacts } from './answer.ts';
import type { ErrorShape } from './error-shape.ts';

/** Facts in, a plain answer out (null: not this route's after all, the platform answers). */
export type PlainHandler = (facts: RequestFacts) => Answer | Promise<Answer> | null;
/** A request whose body the route reads, answered plainly or with a Web Response (the MCP SDK's). */
export type BodyHandler = (request: BodyRequest) => Promise<Answer | Response>;

/**
 * One route of the service, with every fact about it in one place, exported by its feature
 * folder: which paths it answers, which the Netlify Function must be routed, what it answers when
 * its errors look like, how the request log names its paths, and how its handler is made from the
 * service's parts (`Parts`: what the route needs of them, a subset of src/app/service-parts.ts).
 * src/app/routes.ts lists them in order; src/app/app.ts makes each handler once.
 */
export interface RouteEntry<Parts> {
  name: string;
  /** The paths it answers under the default settings (what serverless adapters check first). */
  match(pathname: string): boolean;
  /**
   * The paths of the Netlify Function that serves it (netlify/functions/service.ts states them as
   * a literal, which Netlify reads without running the code; a test keeps the two equal). None:
   * the CDN serves the route's files, or a function of its own does.
   */
  netlify: readonly string[];
  /**
   * How its clients read an error (error-shape.ts): its 500 when its handler throws or rejects
   * (never a detail), and what a request to it gets when Node's parser refuses it.
   */
  errors: ErrorShape;
  /** The methods it answers, as its 405s state them in Allow (default: GET, HEAD, OPTIONS). */
  allow?: string;
  /** The route template the request log names (never the path asked, which may carry user text). */
  template(pathname: string, parts: Parts): string;
  /** Logged at debug rather than info (probes a load balancer sends every few seconds). */
  quiet?: boolean;
  /**
   * Where the app serves files itself: the route answers only paths in this set, looked up before
   * `match` (most paths are not files, and the stats hot path passes by here). Null: by `match`.
   */
  onlyFiles?(parts: Parts): { has(pathname: string): boolean } | null;
  /** The paths it answers on this deployment, when settings move them (the product pages' prefix). */
  matchOn?(parts: Parts): (pathname: string) => boolean;
  /** Its handler on this deployment, made once per app; null: the platform answers these paths. */
  handler(parts: Parts): { plain: PlainHandler } | { body: BodyHandler } | null;
}
