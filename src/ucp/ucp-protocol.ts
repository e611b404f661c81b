/*
 * src/ucp/: the catalog's Universal Commerce Protocol face (docs/api.md, "UCP"): the business
 * profile, and the catalog capabilities' answers (search, lookup, product detail) that the MCP
 * binding's tools (src/mcp/tools/ucp-*) and the REST binding's route (ucp-rest-route.ts) share.
 * Read-only: no cart, checkout or order. The answers read the catalog and the search wing; they
 * never import src/mcp/.
 */

/** The released UCP version this face implements, declared in the profile and in every answer. */
export const UCP_VERSION = '2026-04-08';

/** The specification and schemas of that version, as the profile names them. */
const UCP_DEV = `https://ucp.dev/${UCP_VERSION}`;

export const UCP_SERVICE = 'dev.ucp.shopping';

export const UCP_CAPABILITIES = {
  search: {
    name: 'dev.ucp.shopping.catalog.search',
    spec: `${UCP_DEV}/specification/catalog/search`,
    schema: `${UCP_DEV}/schemas/shopping/catalog_search.json`,
  },
  lookup: {
    name: 'dev.ucp.shopping.catalog.lookup',
    spec: `${UCP_DEV}/specification/catalog/lookup`,
    schema: `${UCP_DEV}/schemas/shopping/catalog_lookup.json`,
  },
} as const;

export type UcpCapability = keyof typeof UCP_CAPABILITIES;

export const UCP_TRANSPORTS = {
  rest: { spec: `${UCP_DEV}/specification/overview`, schema: `${UCP_DEV}/services/shopping/rest.openapi.json` },
  mcp: { spec: `${UCP_DEV}/specification/overview`, schema: `${UCP_DEV}/services/shopping/mcp.openrpc.json` },
} as const;

/** The `ucp` object every catalog answer starts with: the version, and the capability that answered. */
export function ucpEnvelope(capability: UcpCapability, status?: 'error') {
  return {
    version: UCP_VERSION,
    ...(status ? { status } : {}),
    capabilities: { [UCP_CAPABILITIES[capability].name]: [{ version: UCP_VERSION }] },
  };
}
