import { PATHS } from '../contract/paths.ts';
import { UCP_CAPABILITIES, UCP_SERVICE, UCP_TRANSPORTS, UCP_VERSION } from './ucp-protocol.ts';

/**
 * The business profile at /.well-known/ucp (discovery/profile_schema.json's business_profile,
 * v2026-04-08): the shopping service over MCP and REST, the catalog's search and lookup, and
 * nothing to pay with, sign or check out. Written by the build beside the other documents.
 */
export function ucpProfile(siteUrl: string) {
  const capability = (c: (typeof UCP_CAPABILITIES)[keyof typeof UCP_CAPABILITIES]) => ({
    [c.name]: [{ version: UCP_VERSION, spec: c.spec, schema: c.schema }],
  });
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        [UCP_SERVICE]: [
          { version: UCP_VERSION, ...UCP_TRANSPORTS.mcp, transport: 'mcp', endpoint: siteUrl + PATHS.ucpMcp },
          { version: UCP_VERSION, ...UCP_TRANSPORTS.rest, transport: 'rest', endpoint: siteUrl + PATHS.ucpRest },
        ],
      },
      capabilities: { ...capability(UCP_CAPABILITIES.search), ...capability(UCP_CAPABILITIES.lookup) },
      payment_handlers: {},
    },
  };
}
