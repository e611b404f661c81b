import type { AnswerContext } from '../answers/context.ts';
import { startingWith } from '../contract/path-match.ts';
import { PATHS } from '../contract/paths.ts';
import { REST_ERRORS } from '../http/error-shape.ts';
import type { RouteEntry } from '../http/route.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import { createUcpRest, UCP_REST_METHODS } from './ucp-rest.ts';

/** UCP's REST binding under /ucp/ (its MCP binding, /ucp/mcp, is the MCP routes' and comes first). */
export const ucpRestRoute: RouteEntry<{ mcp: AnswerContext; quota: QuotaGate | null }> = {
  name: 'ucp-rest',
  ...startingWith(`${PATHS.ucpRest}/`),
  errors: REST_ERRORS,
  allow: UCP_REST_METHODS,
  template: (p) => (p === PATHS.ucpSearch || p === PATHS.ucpLookup || p === PATHS.ucpProduct ? p : `${PATHS.ucpRest}/*`),
  handler: ({ mcp, quota }) => ({ body: createUcpRest(mcp, quota) }),
};
