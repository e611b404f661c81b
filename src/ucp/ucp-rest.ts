import type { z } from 'zod';
import type { AnswerContext } from '../answers/context.ts';
import { PATHS } from '../contract/paths.ts';
import { type Answer, type BodyRequest, JSON_CONTENT_TYPE } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import { NO_STORE } from '../http/caching.ts';
import { CORS_HEADERS, preflight } from '../http/cors.ts';
import { BodyTimeoutError } from '../http/read-body.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaDecision } from '../quota/rate-limiter.ts';
import { readUcpAgent } from './ucp-agent.ts';
import { distinctIds, getCatalogProduct, lookupCatalog } from './ucp-lookup.ts';
import { type UcpMessage, warning } from './ucp-messages.ts';
import { UCP_LOOKUP_MAX_IDS, UcpGetProductRequestSchema, UcpLookupRequestSchema, UcpSearchRequestSchema } from './ucp-request.ts';
import { searchCatalog } from './ucp-search.ts';

export const UCP_REST_METHODS = 'POST, OPTIONS';
/** A catalog request is a few hundred bytes; the MCP endpoint's bound. */
const MAX_BODY_BYTES = 64 * 1024;

/** One operation of the REST binding: its request's schema, its answer, and how many lookups it counts as. */
interface Operation<S extends z.ZodType> {
  schema: S;
  answer: (ctx: AnswerContext, request: z.infer<S>) => object & { messages?: UcpMessage[] };
  uses?: (request: z.infer<S>) => number;
}
const operation = <S extends z.ZodType>(op: Operation<S>) => op as unknown as Operation<z.ZodType>;

const OPERATIONS = new Map<string, Operation<z.ZodType>>([
  [PATHS.ucpSearch, operation({ schema: UcpSearchRequestSchema, answer: searchCatalog })],
  [PATHS.ucpLookup, operation({ schema: UcpLookupRequestSchema, answer: lookupCatalog, uses: (r) => distinctIds(r.ids).length })],
  [PATHS.ucpProduct, operation({ schema: UcpGetProductRequestSchema, answer: getCatalogProduct })],
]);

const HEADERS = { ...CORS_HEADERS, 'Content-Type': JSON_CONTENT_TYPE, 'Cache-Control': NO_STORE };

/**
 * A transport error of UCP's REST binding (catalog/rest.md, "Transport Errors"; the overview's
 * error bodies: `code` and `content`): 400 for what cannot be read, 429 over a quota.
 */
function transportError(status: number, code: string, content: string, headers: Record<string, string> = {}): Answer {
  return { status, headers: { ...HEADERS, ...headers }, body: JSON.stringify({ code, content }) };
}

/** "catalog.ids: Too big: expected array to have <=10 items": the first problem, named by its path. */
function readableIssue(error: z.ZodError): string {
  const [first] = error.issues;
  if (first === undefined) return 'Invalid request';
  return first.path.length > 0 ? `${first.path.join('.')}: ${first.message}` : first.message;
}

/**
 * UCP's REST binding: POST {base}/catalog/search, /catalog/lookup and /catalog/product. Every POST
 * counts as a REST request against the quotas, and a lookup as one per distinct id (UCP is not a
 * way around them). Business outcomes are 200 with the UCP envelope.
 */
export function createUcpRest(ctx: AnswerContext, quota: QuotaGate | null) {
  const options = preflight(UCP_REST_METHODS, 'Content-Type, UCP-Agent, Accept');
  const over = (decision: QuotaDecision) =>
    transportError(429, 'rate_limit_exceeded', `Too many requests: retry after ${decision.retryAfter} s.`, {
      'Retry-After': String(decision.retryAfter),
      ...decision.headers,
    });

  return async (request: BodyRequest): Promise<Answer> => {
    const op = OPERATIONS.get(request.pathname.replace(/\/$/, ''));
    if (op === undefined) return errorAnswer('API_ROUTE_NOT_FOUND');
    if (request.method === 'OPTIONS') return options();
    if (request.method !== 'POST') return errorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: UCP_REST_METHODS } });
    let decision = quota && (await quota.rest(request.client, null));
    if (decision && !decision.allowed) return over(decision);
    const quotaFields = decision ? decision.headers : {};
    const bad = (code: string, content: string) => transportError(400, code, content, quotaFields);

    if (!/^application\/json\s*(;|$)/i.test((request.header('content-type') ?? '').trim()))
      return bad('invalid_request', 'Send the request as JSON, with Content-Type: application/json.');
    const agent = readUcpAgent(request.header('ucp-agent'));
    if ('error' in agent) return bad('invalid_profile_url', agent.error);
    let text: string | null;
    try {
      text = await request.text(MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTimeoutError) return transportError(408, 'request_timeout', 'The request body did not arrive in time.');
      return bad('invalid_request', 'The request body could not be read.');
    }
    if (text === null) return transportError(413, 'request_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes.`, quotaFields);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return bad('invalid_request', 'The body is not valid JSON.');
    }
    const ids = (body as { ids?: unknown } | null)?.ids;
    if (Array.isArray(ids) && ids.length > UCP_LOOKUP_MAX_IDS)
      return bad('request_too_large', `ids has ${ids.length} identifiers; at most ${UCP_LOOKUP_MAX_IDS} per lookup.`);
    const parsed = op.schema.safeParse(body);
    if (!parsed.success) return bad('invalid_request', readableIssue(parsed.error));
    for (let more = quota ? (op.uses?.(parsed.data) ?? 1) - 1 : 0; more > 0; more--) {
      decision = await quota!.rest(request.client, null);
      if (!decision.allowed) return over(decision);
    }
    // A search signs its cursor with this secret: read once per process, before the first answer.
    const secret = ctx.cursorSecret.ready();
    if (secret !== null) await secret;
    let answer = op.answer(ctx, parsed.data);
    if (agent.profile === null) {
      const missing = warning(
        'profile_missing',
        'No UCP-Agent header: UCP platforms send profile="…" with every request. Answered anyway.',
      );
      answer = { ...answer, messages: [...(answer.messages ?? []), missing] };
    }
    return { status: 200, headers: { ...HEADERS, ...(decision ? decision.headers : {}) }, body: JSON.stringify(answer) };
  };
}
