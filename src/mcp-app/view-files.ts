/**
 * Where the build writes the MCP Apps views: a folder of Astro's server build, which the Netlify
 * Function ships (netlify.toml, dist/server/**) and the Node server serves from its own copy.
 */
export const APP_VIEWS_DIR = 'mcp-app';
export const PRODUCT_CARDS_FILE = 'product-cards.html';

/** The product cards' resource URI (an MCP App, io.modelcontextprotocol/ui): what search_local_products and get_product link. */
export const PRODUCT_CARDS_URI = 'ui://catalogo/product-cards.html';
