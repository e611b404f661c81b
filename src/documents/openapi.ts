import { z } from 'zod';
import { IdSchema, MAX_ID } from '../catalog-read/ids.ts';
import { PATHS, publicUrls } from '../contract/paths.ts';
import { SERVICE_DESCRIPTION, SERVICE_TITLE, USAGE_POLICY } from '../contract/service-info.ts';
import { API_ERRORS, type ApiErrorCode, ApiErrorSchema } from '../http/api-error.ts';
import { publicCacheControl, QUOTA_FIELDS_PRIVATE } from '../http/caching.ts';
import { ProductPriceHistorySchema } from '../price-history/price-history-schema.ts';
import { rateLimitSummary } from '../quota/policy.ts';
import { SHOWCASE_METHODS } from '../showcase/showcase-endpoint.ts';
import { SHOWCASE_DEFAULT_LIMIT, SHOWCASE_MAX_LIMIT, ShowcaseSchema } from '../showcase/showcase-schema.ts';
import { STATS_METHODS } from '../stats/stats-endpoint.ts';
import { MerchantStatsSchema, ProductStatsSchema } from '../stats/stats-schemas.ts';
import type { DocumentSources } from './document-sources.ts';

/** Specification section 9: the interface description's own versions. */
export const OPENAPI_VERSION = '3.0.3';
export const API_VERSION = '1.0.0';

const TAG = 'Catalog Products';

/**
 * zod → OpenAPI 3.0 schema objects. Ids are int64 in the public contract; the
 * format is added here only, since JSON Schema validators of the MCP tools would not know it.
 */
function schemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    override: (ctx) => {
      if (ctx.zodSchema === IdSchema) ctx.jsonSchema.format = 'int64';
    },
  }) as Record<string, unknown>;
}

const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** On every answer once quotas are on (optional: a deployment may turn them off). */
const rateHeaders = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimitPolicy') };

function header(description: string, schema: Record<string, unknown>, required = false) {
  return { description, required, schema };
}

/** An error response: the Error body with this code's fixed texts as its example. */
function errorResponse(
  code: ApiErrorCode,
  description: string,
  headers: Record<string, unknown> = {},
  resolution?: string,
  limited = true,
) {
  const spec = API_ERRORS[code];
  const example = { error: spec.message, code, message: spec.message, resolution: resolution ?? spec.resolution };
  return {
    description,
    headers: {
      'Access-Control-Allow-Origin': ref('headers', 'AccessControlAllowOrigin'),
      'Cache-Control': ref('headers', 'NoStore'),
      ...(limited ? rateHeaders : {}),
      ...headers,
    },
    content: { 'application/json': { schema: ref('schemas', 'Error'), example } },
  };
}

/** Headers of a 200 (and its 304): the public cache policy, the validator, the catalog's stamp. */
function cachedHeaders(sources: DocumentSources, limited: boolean) {
  return {
    'Cache-Control': header(
      `Public cache policy: \`${publicCacheControl(sources.cache)}\`; with the quota fields, followed by \`${QUOTA_FIELDS_PRIVATE}\` (a shared cache keeps the answer, not the client's fields).`,
      { type: 'string' },
      true,
    ),
    ETag: ref('headers', 'ETag'),
    'Catalog-Version': ref('headers', 'CatalogVersion'),
    'Catalog-Generated-At': ref('headers', 'CatalogGeneratedAt'),
    'Access-Control-Allow-Origin': ref('headers', 'AccessControlAllowOrigin'),
    ...(limited ? rateHeaders : {}),
  };
}

/** One GET resource of the REST API: its body's schema, the id it takes, and what it answers for an id with no record. */
interface RestResource {
  /** The body's schema name, and the operations' ("getCatalogProductStats"). */
  name: 'ProductStats' | 'MerchantStats' | 'ProductPriceHistory';
  id: 'Product' | 'Merchant';
  summary: string;
  description: string;
}

const REST_RESOURCES: Record<RestResource['name'], RestResource> = {
  ProductStats: {
    name: 'ProductStats',
    id: 'Product',
    summary: 'Product statistics',
    description:
      'Engagement statistics: views, likes and dislikes of one product. An id with no catalog record still answers 200 with zero counts ' +
      '(the endpoint does not assert that it exists).',
  },
  MerchantStats: {
    name: 'MerchantStats',
    id: 'Merchant',
    summary: 'Merchant statistics',
    description:
      "Engagement statistics: totals over one merchant's products and its stores. An id with no catalog record still answers 200 with " +
      'zero counts (the endpoint does not assert that it exists).',
  },
  ProductPriceHistory: {
    name: 'ProductPriceHistory',
    id: 'Product',
    summary: 'Product price history',
    description:
      "A published product's prices over time, recorded by every rebuild: every change point kept, the lowest prices of the last 30 " +
      'and 90 days, and the discount check (the current price against the lowest charged in the 30 days before it began). An id ' +
      'with no published product answers 404 `PRODUCT_NOT_FOUND`.',
  },
};

/** The operations of one REST resource, GET and the CORS preflight. */
function restPath(resource: RestResource, sources: DocumentSources) {
  const okHeaders = cachedHeaders(sources, true);
  const get = {
    operationId: `getCatalog${resource.name}`,
    tags: [TAG],
    summary: resource.summary,
    description: `${resource.description} Send \`If-None-Match\` with a previous \`ETag\` to get 304.`,
    parameters: [ref('parameters', `${resource.id}Id`)],
    responses: {
      200: {
        description: `${resource.summary}.`,
        headers: okHeaders,
        content: { 'application/json': { schema: ref('schemas', resource.name) } },
      },
      304: { description: 'Not modified: the `If-None-Match` validator matches the current answer.', headers: okHeaders },
      400: ref('responses', `Invalid${resource.id}Id`),
      404: ref('responses', resource.name === 'ProductPriceHistory' ? 'ProductNotFound' : 'ApiRouteNotFound'),
      405: ref('responses', 'MethodNotAllowed'),
      429: ref('responses', 'RateLimitExceeded'),
      500: ref('responses', 'InternalError'),
    },
  };
  const options = {
    operationId: `preflightCatalog${resource.name}`,
    tags: [TAG],
    summary: `CORS preflight of ${resource.summary.toLowerCase()}`,
    description: 'Cross-origin browser requests are allowed from any origin; the preflight states the methods and headers.',
    parameters: [ref('parameters', `${resource.id}Id`)],
    responses: {
      204: {
        description: 'Allowed methods and headers.',
        headers: {
          Allow: ref('headers', 'Allow'),
          'Access-Control-Allow-Origin': ref('headers', 'AccessControlAllowOrigin'),
          'Access-Control-Allow-Methods': header('Allowed methods.', { type: 'string', enum: [STATS_METHODS] }, true),
          'Access-Control-Allow-Headers': header('Allowed request headers.', { type: 'string' }, true),
          'Access-Control-Max-Age': header('Seconds a browser may keep this answer.', { type: 'integer' }, true),
        },
      },
      404: ref('responses', 'ApiRouteNotFound'),
    },
  };
  return { get, options };
}

/** The showcase: a document, but with a query parameter and errors, so it is described too. */
function showcasePath(sources: DocumentSources) {
  const okHeaders = cachedHeaders(sources, false);
  return {
    get: {
      operationId: 'getProductShowcase',
      tags: [TAG],
      summary: 'Newest published products',
      description:
        `The newest published products, newest first. Not paginated: at most ${SHOWCASE_MAX_LIMIT}; a larger limit is clamped ` +
        'and the body says so (`limit.clamped`).',
      parameters: [
        {
          name: 'limit',
          in: 'query',
          required: false,
          description:
            `How many products: spelled as an id (ASCII digits, no sign, no leading zero, 1 to ${MAX_ID}); default ` +
            `${SHOWCASE_DEFAULT_LIMIT}, values above ${SHOWCASE_MAX_LIMIT} give ${SHOWCASE_MAX_LIMIT}.`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_ID, default: SHOWCASE_DEFAULT_LIMIT },
        },
      ],
      responses: {
        200: { description: 'The showcase.', headers: okHeaders, content: { 'application/json': { schema: ref('schemas', 'Showcase') } } },
        304: { description: 'Not modified: the `If-None-Match` validator matches the current answer.', headers: okHeaders },
        400: errorResponse('INVALID_LIMIT', 'The limit is not a positive integer, or is given more than once.', {}, undefined, false),
        405: errorResponse(
          'METHOD_NOT_ALLOWED',
          'Any method other than GET, HEAD and OPTIONS.',
          { Allow: header('The methods the document accepts.', { type: 'string', enum: [SHOWCASE_METHODS] }, true) },
          'Call with GET, HEAD or OPTIONS.',
          false,
        ),
        500: errorResponse('INTERNAL_ERROR', 'Unexpected server error.', {}, undefined, false),
      },
    },
  };
}

/**
 * The OpenAPI 3.0.3 description of the REST interface (PATHS.openapiJson, PATHS.openapiYaml), generated
 * from the zod schemas and the error table the server answers with, so it cannot drift from them.
 */
export function openApiDocument(sources: DocumentSources) {
  const { siteUrl, meta, rateLimits } = sources;
  const { documents, pages } = publicUrls(siteUrl);
  const idParameter = (resource: 'product' | 'merchant') => ({
    name: `${resource}Id`,
    in: 'path',
    required: true,
    description: `The ${resource} id: ASCII digits, no sign, no leading zero, 1 to 9007199254740991.`,
    schema: schemaOf(IdSchema),
    example: 1,
  });
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: SERVICE_TITLE,
      version: API_VERSION,
      description:
        `${SERVICE_DESCRIPTION}\n\nUsage policy: ${USAGE_POLICY}\n\nRate limits: ${rateLimitSummary(rateLimits)}\n\n` +
        `Catalog snapshot ${meta.catalogVersion}, generated ${meta.generatedAt}. Product discovery (search, details) is the MCP ` +
        `server's: see ${documents.manifest}.`,
      // The terms state the usage policy in full; the contact page is there even when no contact is
      // configured (it says so), and the e-mail address only when one is.
      termsOfService: pages.terms,
      contact: {
        name: sources.operator.name ?? 'Catalog operator',
        url: pages.contact,
        ...(sources.operator.email === null ? {} : { email: sources.operator.email }),
      },
      license: { name: 'Proprietary: interactive, user-requested lookups only', url: pages.terms },
      'x-catalog-version': meta.catalogVersion,
      'x-catalog-generated-at': meta.generatedAt,
    },
    servers: [{ url: siteUrl, description: 'This deployment' }],
    // Specification section 5: no API key, token or account.
    security: [],
    tags: [{ name: TAG, description: 'Engagement statistics of catalog products and merchants, and the price history of products.' }],
    externalDocs: { description: 'AI catalog manifest: endpoints, MCP tools, documents and policies', url: documents.manifest },
    paths: {
      [PATHS.productStats]: restPath(REST_RESOURCES.ProductStats, sources),
      [PATHS.merchantStats]: restPath(REST_RESOURCES.MerchantStats, sources),
      [PATHS.productPriceHistory]: restPath(REST_RESOURCES.ProductPriceHistory, sources),
      [PATHS.showcase]: showcasePath(sources),
    },
    components: {
      schemas: {
        ProductStats: schemaOf(ProductStatsSchema),
        MerchantStats: schemaOf(MerchantStatsSchema),
        ProductPriceHistory: schemaOf(ProductPriceHistorySchema),
        Error: schemaOf(ApiErrorSchema),
        Showcase: schemaOf(ShowcaseSchema),
      },
      parameters: { ProductId: idParameter('product'), MerchantId: idParameter('merchant') },
      headers: {
        ETag: header('Strong validator of the body; send it back in `If-None-Match`.', { type: 'string' }, true),
        CatalogVersion: header('Version of the catalog snapshot the answer comes from.', { type: 'string' }, true),
        CatalogGeneratedAt: header('When that snapshot was generated (ISO 8601).', { type: 'string' }, true),
        AccessControlAllowOrigin: header('Any origin may call the API.', { type: 'string', enum: ['*'] }, true),
        NoStore: header('Errors are never cached.', { type: 'string', enum: ['no-store'] }, true),
        Allow: header('The methods the resource accepts.', { type: 'string', enum: [STATS_METHODS] }, true),
        RetryAfter: header('Seconds to wait before retrying: an integer, at least 1.', { type: 'integer', minimum: 1 }, true),
        RateLimit: header('Remaining quota and seconds to its reset (IETF draft-ietf-httpapi-ratelimit-headers).', { type: 'string' }),
        RateLimitPolicy: header('The quota policies that apply (IETF draft-ietf-httpapi-ratelimit-headers).', { type: 'string' }),
      },
      responses: {
        InvalidProductId: errorResponse('INVALID_PRODUCT_ID', 'The product id is not an integer from 1 to 9007199254740991.'),
        InvalidMerchantId: errorResponse('INVALID_MERCHANT_ID', 'The merchant id is not an integer from 1 to 9007199254740991.'),
        ProductNotFound: errorResponse('PRODUCT_NOT_FOUND', 'No product of that id is published in this catalog (the price history only).'),
        ApiRouteNotFound: errorResponse(
          'API_ROUTE_NOT_FOUND',
          `The path is not an API route (any other path under ${PATHS.api}/, a trailing slash included).`,
          {},
          `See ${documents.openapiJson} for the available routes.`,
        ),
        MethodNotAllowed: errorResponse('METHOD_NOT_ALLOWED', 'Any method other than GET and OPTIONS, HEAD included.', {
          Allow: ref('headers', 'Allow'),
        }),
        RateLimitExceeded: errorResponse('RATE_LIMIT_EXCEEDED', 'The public rate limit of this client is exceeded.', {
          'Retry-After': ref('headers', 'RetryAfter'),
        }),
        InternalError: errorResponse('INTERNAL_ERROR', 'Unexpected server error.'),
      },
    },
  };
}
