/**
 * The MCP protocol revisions /mcp serves, newest first. 2026-07-28 is the stateless revision
 * (server/discover, a per-request _meta envelope, no initialize); the two 2025 revisions open
 * with initialize. 2025-06-18 is the public contract's.
 */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
export const SERVED_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS];

/** The revision of a request that names none (no MCP-Protocol-Version header, no envelope): the contract's. */
export const CONTRACT_PROTOCOL_VERSION = '2025-06-18';

/** What the MCP server offers: tools only, and the list never changes. */
export const MCP_CAPABILITIES = { tools: { listChanged: false } };

export const SERVER_INSTRUCTIONS =
  'Read-only catalog of a Brazilian online shop. Start with catalog_overview (counts, cities, categories), find products ' +
  'with search_local_products (words, category, city, district or coordinates; São Paulo by default), then read one with ' +
  'get_product. Prices are in BRL. Interactive, user-requested lookups only: no enumeration, mirroring or bulk collection.';
