import { describe, expect, it } from 'vitest';
import {
  REBASED,
  type UcpValidation,
  ucpSchemas,
  ucpSchemaUrl,
  validateBusinessProfile,
  validateErrorResponse,
  validateGetProductRequest,
  validateGetProductResponse,
  validateLookupRequest,
  validateLookupResponse,
  validateSearchRequest,
  validateSearchResponse,
} from '../support/ucp-schemas.ts';

/*
 * The UCP schema copies (tests/schemas/ucp/, release v2026-04-08) and their validators in
 * tests/support/ucp-schemas.ts: every reference resolves among the copies, the specification's own
 * examples (docs/specification/overview.md and catalog/*.md of that tag, `{{ ucp_version }}` filled
 * in) pass, and documents the schemas refuse are refused, with errors that say where.
 */
const VERSION = '2026-04-08';
const copy = <T>(value: T): T => structuredClone(value);
const passes = (result: UcpValidation) => expect(result).toEqual({ valid: true, errors: [] });
function refused(result: UcpValidation, ...errors: string[]) {
  expect(result.valid).toBe(false);
  for (const error of errors) expect(result.errors).toContain(error);
}

/** Every `$ref` in a schema document, as written. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsIn(value)));
}

/** The node a JSON Pointer fragment ("/$defs/base") names in a document, or undefined. */
function pointed(document: unknown, fragment: string): unknown {
  if (fragment === '') return document;
  return fragment
    .slice(1)
    .split('/')
    .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      document,
    );
}

describe('the UCP schema copies', () => {
  const byUrl = new Map([...ucpSchemas].map(([path, schema]) => [ucpSchemaUrl(path), schema]));

  it('are the files the profile, search, lookup and error-response schemas reach through $ref, each naming a node', () => {
    const reached = new Set<string>();
    const broken: string[] = [];
    const visit = (url: string) => {
      if (reached.has(url)) return;
      reached.add(url);
      for (const ref of refsIn(byUrl.get(url))) {
        const target = new URL(ref, url);
        const fragment = target.hash.slice(1);
        target.hash = '';
        if (pointed(byUrl.get(target.href), fragment) === undefined) broken.push(`${url}: ${ref}`);
        else visit(target.href);
      }
    };
    for (const entry of [
      'discovery/profile_schema.json',
      'schemas/shopping/catalog_search.json',
      'schemas/shopping/catalog_lookup.json',
      'schemas/shopping/types/error_response.json',
    ]) {
      visit(ucpSchemaUrl(entry));
    }
    expect(broken).toEqual([]);
    expect([...reached].sort()).toEqual([...byUrl.keys()].sort());
    expect(reached.size).toBe(39);
  });

  it("keep the profile schema's $id, which its references do not resolve against (hence its place as its URL)", () => {
    const declared = REBASED['discovery/profile_schema.json']!;
    expect(ucpSchemas.get('discovery/profile_schema.json')?.$id).toBe(declared);
    expect(new URL('../schemas/ucp.json', declared).href).toBe('https://ucp.dev/schemas/schemas/ucp.json');
    expect(byUrl.has('https://ucp.dev/schemas/schemas/ucp.json')).toBe(false);
  });
});

/** overview.md, "Business Profile". */
const overviewProfile = {
  ucp: {
    version: VERSION,
    services: {
      'dev.ucp.shopping': [
        {
          version: VERSION,
          spec: `https://ucp.dev/${VERSION}/specification/overview`,
          transport: 'rest',
          endpoint: 'https://business.example.com/ucp/v1',
          schema: `https://ucp.dev/${VERSION}/services/shopping/rest.openapi.json`,
        },
        {
          version: VERSION,
          spec: `https://ucp.dev/${VERSION}/specification/overview`,
          transport: 'mcp',
          endpoint: 'https://business.example.com/ucp/mcp',
          schema: `https://ucp.dev/${VERSION}/services/shopping/mcp.openrpc.json`,
        },
        {
          version: VERSION,
          spec: `https://ucp.dev/${VERSION}/specification/overview`,
          transport: 'a2a',
          endpoint: 'https://business.example.com/.well-known/agent-card.json',
        },
        {
          version: VERSION,
          spec: `https://ucp.dev/${VERSION}/specification/overview`,
          transport: 'embedded',
          schema: `https://ucp.dev/${VERSION}/services/shopping/embedded.openrpc.json`,
        },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [
        {
          version: VERSION,
          spec: `https://ucp.dev/${VERSION}/specification/checkout`,
          schema: `https://ucp.dev/${VERSION}/schemas/shopping/checkout.json`,
        },
      ],
      'dev.ucp.shopping.fulfillment': [
        {
          version: VERSION,
          spec: `https://ucp.dev/${VERSION}/specification/fulfillment`,
          schema: `https://ucp.dev/${VERSION}/schemas/shopping/fulfillment.json`,
          extends: 'dev.ucp.shopping.checkout',
        },
      ],
    },
    payment_handlers: {
      'com.example.processor_tokenizer': [
        {
          id: 'processor_tokenizer',
          version: VERSION,
          spec: 'https://example.com/specs/payments/processor_tokenizer',
          schema: 'https://example.com/specs/payments/merchant_tokenizer.json',
          available_instruments: [{ type: 'card', constraints: { brands: ['visa', 'mastercard', 'amex'] } }],
          config: { type: 'CARD' },
        },
      ],
    },
  },
  signing_keys: [
    {
      kid: 'business_2025',
      kty: 'EC',
      crv: 'P-256',
      x: 'WbbXwVYGdJoP4Xm3qCkGvBRcRvKtEfXDbWvPzpPS8LA',
      y: 'sP4jHHxYqC89HBo8TjrtVOAGHfJDflYxw7MFMxuFMPY',
      use: 'sig',
      alg: 'ES256',
    },
  ],
};

/** A read-only catalog's profile: the catalog capabilities over MCP, no payment handler, no keys. */
const catalogProfile = {
  ucp: {
    version: VERSION,
    services: { 'dev.ucp.shopping': [{ version: VERSION, transport: 'mcp', endpoint: 'https://catalog.example.com/mcp' }] },
    capabilities: {
      'dev.ucp.shopping.catalog.search': [{ version: VERSION }],
      'dev.ucp.shopping.catalog.lookup': [{ version: VERSION }],
    },
    payment_handlers: {},
  },
};

describe('validateBusinessProfile', () => {
  it("passes the specification's business profile, and a catalog's without payment handlers or signing keys", () => {
    passes(validateBusinessProfile(overviewProfile));
    passes(validateBusinessProfile(catalogProfile));
  });

  it('refuses a profile without `ucp`, or without `payment_handlers` (an empty registry is needed)', () => {
    refused(validateBusinessProfile({ signing_keys: [] }), "/ must have required property 'ucp'");
    const { payment_handlers: _, ...withoutHandlers } = catalogProfile.ucp;
    refused(validateBusinessProfile({ ucp: withoutHandlers }), "/ucp must have required property 'payment_handlers'");
  });

  it("refuses an mcp or rest service without `endpoint`, a bad version, a key without `kty`, and a name that isn't reverse-domain", () => {
    const noEndpoint = copy(catalogProfile);
    delete (noEndpoint.ucp.services['dev.ucp.shopping'][0] as { endpoint?: string }).endpoint;
    refused(validateBusinessProfile(noEndpoint), "/ucp/services/dev.ucp.shopping/0 must have required property 'endpoint'");
    refused(
      validateBusinessProfile({ ...catalogProfile, ucp: { ...catalogProfile.ucp, version: '2026-4-8' } }),
      '/ucp/version must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
    );
    refused(
      validateBusinessProfile({ ...catalogProfile, signing_keys: [{ kid: 'k1' }] }),
      "/signing_keys/0 must have required property 'kty'",
    );
    const badName = copy(catalogProfile);
    (badName.ucp.capabilities as Record<string, unknown>)['Catalog-Search'] = [{ version: VERSION }];
    refused(validateBusinessProfile(badName), '/ucp/capabilities must match pattern "^[a-z][a-z0-9]*(?:\\.[a-z][a-z0-9_]*)+$"');
  });

  it("refuses catalog/mcp.md's discovery example, which has no `payment_handlers`", () => {
    const { payment_handlers: _, ...ucp } = overviewProfile.ucp;
    refused(validateBusinessProfile({ ucp }), "/ucp must have required property 'payment_handlers'");
  });
});

/** catalog/rest.md and mcp.md, search example: the request. */
const searchRequest = {
  query: 'blue running shoes',
  context: { address_country: 'US', address_region: 'CA', intent: 'looking for comfortable everyday shoes' },
  filters: { categories: ['Footwear'], price: { max: 15000 } },
  pagination: { limit: 20 },
};

describe('validateSearchRequest', () => {
  it('passes the specification\'s request, and an empty one (the schema requires no field: "at least one input" is prose)', () => {
    passes(validateSearchRequest(searchRequest));
    passes(validateSearchRequest({}));
    passes(validateSearchRequest({ query: 'x', limit: 5, filters: { brand: 'any' }, context: { anything: 1 } }));
  });

  it('refuses a price filter in major units or as a string, a page of 0 and a query that is not a string', () => {
    refused(validateSearchRequest({ filters: { price: { min: '10.00' } } }), '/filters/price/min must be integer');
    refused(validateSearchRequest({ filters: { price: { max: 99.9 } } }), '/filters/price/max must be integer');
    refused(validateSearchRequest({ filters: { price: { min: -1 } } }), '/filters/price/min must be >= 0');
    refused(validateSearchRequest({ query: 'x', pagination: { limit: 0 } }), '/pagination/limit must be >= 1');
    refused(validateSearchRequest({ query: ['x'] }), '/query must be string');
    refused(validateSearchRequest({ filters: { categories: 'Footwear' } }), '/filters/categories must be array');
  });
});

const ucpSearch = { version: VERSION, capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: VERSION }] } };

/** catalog/rest.md, search example: the response (mcp.md's structuredContent is the same). */
const searchResponse = {
  ucp: ucpSearch,
  products: [
    {
      id: 'prod_abc123',
      handle: 'blue-runner-pro',
      title: 'Blue Runner Pro',
      description: { plain: 'Lightweight running shoes with responsive cushioning.' },
      url: 'https://business.example.com/products/blue-runner-pro',
      categories: [
        { value: '187', taxonomy: 'google_product_category' },
        { value: 'Footwear > Running', taxonomy: 'merchant' },
      ],
      price_range: { min: { amount: 12000, currency: 'USD' }, max: { amount: 12000, currency: 'USD' } },
      media: [{ type: 'image', url: 'https://cdn.example.com/products/blue-runner-pro.jpg', alt_text: 'Blue Runner Pro running shoes' }],
      options: [{ name: 'Size', values: [{ label: '8' }, { label: '9' }, { label: '10' }] }],
      variants: [
        {
          id: 'prod_abc123_size10',
          sku: 'BRP-BLU-10',
          title: 'Size 10',
          description: { plain: 'Size 10 variant' },
          price: { amount: 12000, currency: 'USD' },
          availability: { available: true },
          options: [{ name: 'Size', label: '10' }],
          tags: ['running', 'road', 'neutral'],
          seller: { name: 'Example Store', links: [{ type: 'refund_policy', url: 'https://business.example.com/refunds' }] },
        },
      ],
      rating: { value: 4.5, scale_max: 5, count: 128 },
      metadata: { collection: 'Winter 2026' },
    },
  ],
  pagination: { cursor: 'eyJwYWdlIjoxfQ==', has_next_page: true, total_count: 47 },
};

describe('validateSearchResponse', () => {
  it('passes the specification\'s response, and an empty result (catalog/index.md\'s "Empty Search")', () => {
    passes(validateSearchResponse(searchResponse));
    passes(validateSearchResponse({ ucp: { version: VERSION }, products: [] }));
  });

  it('refuses a price given as a string, a missing `ucp` and a product without `id`', () => {
    const stringPrice = copy(searchResponse);
    (stringPrice.products[0]!.variants[0]!.price as { amount: unknown }).amount = '120.00';
    refused(validateSearchResponse(stringPrice), '/products/0/variants/0/price/amount must be integer');
    const { ucp: _, ...noUcp } = searchResponse;
    refused(validateSearchResponse(noUcp), "/ must have required property 'ucp'");
    const noId = copy(searchResponse);
    delete (noId.products[0] as { id?: string }).id;
    refused(validateSearchResponse(noId), "/products/0 must have required property 'id'");
  });

  it('refuses a product without a variant or a description, a lowercase currency, a next page without a cursor', () => {
    const noVariant = copy(searchResponse);
    noVariant.products[0]!.variants = [];
    refused(validateSearchResponse(noVariant), '/products/0/variants must NOT have fewer than 1 items');
    const noDescription = copy(searchResponse);
    noDescription.products[0]!.description = {} as { plain: string };
    refused(validateSearchResponse(noDescription), '/products/0/description must NOT have fewer than 1 properties');
    const lowercase = copy(searchResponse);
    lowercase.products[0]!.price_range.min.currency = 'usd';
    refused(validateSearchResponse(lowercase), '/products/0/price_range/min/currency must match pattern "^[A-Z]{3}$"');
    refused(
      validateSearchResponse({ ...searchResponse, pagination: { has_next_page: true } }),
      "/pagination must have required property 'cursor'",
    );
  });

  it('refuses an error message without `severity`, or with one outside the four', () => {
    const message = { type: 'error', code: 'not_found', content: 'nothing' };
    refused(validateSearchResponse({ ...searchResponse, messages: [message] }), "/messages/0 must have required property 'severity'");
    refused(
      validateSearchResponse({ ...searchResponse, messages: [{ ...message, severity: 'fatal' }] }),
      '/messages/0/severity must be equal to one of the allowed values (["recoverable","requires_buyer_input","requires_buyer_review","unrecoverable"])',
    );
    passes(
      validateSearchResponse({
        ...searchResponse,
        messages: [
          { ...message, severity: 'recoverable' },
          { type: 'info', content: 'x' },
        ],
      }),
    );
  });
});

describe('validateLookupRequest', () => {
  it("passes catalog/mcp.md's request", () => {
    passes(validateLookupRequest({ ids: ['prod_abc123', 'var_xyz789'], context: { address_country: 'US' } }));
  });

  it('refuses no `ids`, an empty list and ids that are not strings', () => {
    refused(validateLookupRequest({ context: {} }), "/ must have required property 'ids'");
    refused(validateLookupRequest({ ids: [] }), '/ids must NOT have fewer than 1 items');
    refused(validateLookupRequest({ ids: [42] }), '/ids/0 must be string');
  });
});

/** catalog/mcp.md, lookup example: the first product of its structuredContent. */
const lookupResponse = {
  ucp: { version: VERSION, capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: VERSION }] } },
  products: [
    {
      id: 'prod_abc123',
      title: 'Blue Runner Pro',
      description: { plain: 'Lightweight running shoes with responsive cushioning.' },
      price_range: { min: { amount: 12000, currency: 'USD' }, max: { amount: 12000, currency: 'USD' } },
      variants: [
        {
          id: 'prod_abc123_size10',
          sku: 'BRP-BLU-10',
          title: 'Size 10',
          description: { plain: 'Size 10 variant' },
          price: { amount: 12000, currency: 'USD' },
          availability: { available: true },
          inputs: [{ id: 'prod_abc123', match: 'featured' }],
        },
      ],
    },
  ],
  messages: [{ type: 'info', code: 'not_found', content: 'prod_notfound1' }],
};

describe('validateLookupResponse', () => {
  it("passes the specification's response, and none found (an empty list)", () => {
    passes(validateLookupResponse(lookupResponse));
    passes(validateLookupResponse({ ...lookupResponse, products: [] }));
  });

  it('refuses a variant without `inputs` (which search results need not carry)', () => {
    const noInputs = copy(lookupResponse);
    delete (noInputs.products[0]!.variants[0] as { inputs?: unknown }).inputs;
    refused(validateLookupResponse(noInputs), "/products/0/variants/0 must have required property 'inputs'");
    passes(validateSearchResponse({ ...noInputs, ucp: ucpSearch }));
  });

  it('refuses the "Partial Success" example of catalog/rest.md and mcp.md: products without `description` or a variant', () => {
    const partial = copy(lookupResponse);
    const product = partial.products[0] as Record<string, unknown>;
    delete product.description;
    product.variants = [];
    refused(
      validateLookupResponse(partial),
      "/products/0 must have required property 'description'",
      '/products/0/variants must NOT have fewer than 1 items',
    );
  });
});

describe('validateGetProductRequest', () => {
  it("passes catalog/mcp.md's request", () => {
    passes(
      validateGetProductRequest({
        id: 'prod_abc123',
        selected: [{ name: 'Color', label: 'Blue' }],
        preferences: ['Color', 'Size'],
        context: { address_country: 'US' },
      }),
    );
  });

  it('refuses no `id`, and a selection without its label', () => {
    refused(validateGetProductRequest({ selected: [] }), "/ must have required property 'id'");
    refused(validateGetProductRequest({ id: 'p', selected: [{ name: 'Color' }] }), "/selected/0 must have required property 'label'");
  });
});

/** catalog/mcp.md, get_product example: its structuredContent, one variant kept. */
const productResponse = {
  ucp: { version: VERSION, capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: VERSION }] } },
  product: {
    id: 'prod_abc123',
    handle: 'runner-pro',
    title: 'Runner Pro',
    description: { plain: 'Lightweight running shoes with responsive cushioning.' },
    url: 'https://business.example.com/products/runner-pro',
    price_range: { min: { amount: 12000, currency: 'USD' }, max: { amount: 15000, currency: 'USD' } },
    options: [
      {
        name: 'Color',
        values: [
          { label: 'Blue', available: true, exists: true },
          { label: 'Green', available: false, exists: true },
        ],
      },
    ],
    selected: [{ name: 'Color', label: 'Blue' }],
    variants: [
      {
        id: 'prod_abc123_blu_10',
        title: 'Blue, Size 10',
        description: { plain: 'Blue, Size 10' },
        price: { amount: 12000, currency: 'USD' },
        availability: { available: true },
        options: [{ name: 'Color', label: 'Blue' }],
      },
    ],
    rating: { value: 4.5, scale_max: 5, count: 128 },
  },
};

/** catalog/rest.md and mcp.md, "Product Not Found". */
const notFound = {
  ucp: { version: VERSION, status: 'error', capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version: VERSION }] } },
  messages: [{ type: 'error', code: 'not_found', content: 'Product not found: prod_invalid', severity: 'unrecoverable' }],
};

describe('validateGetProductResponse and validateErrorResponse', () => {
  it("pass the specification's product and its not-found answer, each only by its own schema", () => {
    passes(validateGetProductResponse(productResponse));
    passes(validateErrorResponse(notFound));
    refused(validateGetProductResponse(notFound), "/ must have required property 'product'");
    refused(
      validateErrorResponse(productResponse),
      "/ must have required property 'messages'",
      '/ must NOT have additional properties (product)',
    );
  });

  it('refuses a product whose option value has no label, or whose rating has no scale', () => {
    const noLabel = copy(productResponse);
    delete (noLabel.product.options[0]!.values[0] as { label?: string }).label;
    refused(validateGetProductResponse(noLabel), "/product/options/0/values/0 must have required property 'label'");
    const noScale = copy(productResponse);
    delete (noScale.product.rating as { scale_max?: number }).scale_max;
    refused(validateGetProductResponse(noScale), "/product/rating must have required property 'scale_max'");
  });

  it('refuses an error response whose status is not "error", or that has no message', () => {
    refused(validateErrorResponse({ ...notFound, ucp: { version: VERSION } }), "/ucp must have required property 'status'");
    refused(
      validateErrorResponse({ ...notFound, ucp: { version: VERSION, status: 'success' } }),
      '/ucp/status must be equal to constant ("error")',
    );
    refused(validateErrorResponse({ ...notFound, messages: [] }), '/messages must NOT have fewer than 1 items');
  });
});
