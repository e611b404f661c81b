/** The MCP protocol version this server speaks: the public contract's. */
export const MCP_PROTOCOL_VERSION = '2025-06-18';

/** What the MCP server offers: tools only, and the list never changes during a (one-request) session. */
export const MCP_CAPABILITIES = { tools: { listChanged: false } };

export const SERVER_INSTRUCTIONS =
  'Read-only catalog of a Brazilian online shop. Start with catalog_overview (counts, cities, categories), find products ' +
  'with search_local_products (words, category, city, district or coordinates; São Paulo by default), then read one with ' +
  'get_product. Prices are in BRL. Interactive, user-requested lookups only: no enumeration, mirroring or bulk collection.';
