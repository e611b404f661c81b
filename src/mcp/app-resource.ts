import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
// The server helpers only: the package's main entry is the view's client (with zod and the MCP client).
import { EXTENSION_ID, RESOURCE_MIME_TYPE, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { AnswerContext } from '../answers/context.ts';
import { PRODUCT_CARDS_URI } from '../mcp-app/view-files.ts';
import type { AppViews } from './app-views.ts';
import { MCP_CAPABILITIES } from './protocol.ts';

/** What an endpoint with views adds to its capabilities: resources (the views), and the MCP Apps extension. */
const VIEW_CAPABILITIES = { resources: { listChanged: false }, extensions: { [EXTENSION_ID]: {} } };

/** An endpoint's capabilities: its tools, and its views when it serves them. */
export const capabilitiesOf = (withViews: boolean) => (withViews ? { ...MCP_CAPABILITIES, ...VIEW_CAPABILITIES } : MCP_CAPABILITIES);

/**
 * The cards' content security policy: images from the origins most of the catalog's images are at
 * (the snapshot names them: src/catalog-build/record-loaders.ts) and from the site; nothing to
 * connect to, since the cards draw the result the host passes and fetch nothing.
 */
export function productCardsMeta(ctx: AnswerContext): McpUiResourceMeta {
  const site = new URL(ctx.siteUrl).origin;
  const origins = new Set([...ctx.catalog().imageOrigins, site]);
  return { csp: { resourceDomains: [...origins], connectDomains: [] }, prefersBorder: false };
}

/** Registers the product cards as a ui:// resource of `server`, with the official MCP Apps helper. */
export function registerProductCards(server: McpServer, ctx: AnswerContext, views: AppViews): void {
  registerAppResource(
    server,
    'Product cards',
    PRODUCT_CARDS_URI,
    {
      title: 'Cartões de produtos',
      description: 'Products of a search or one product, as cards: photo, price, store, district and distance, and a link to its page.',
    },
    async () => ({
      contents: [
        { uri: PRODUCT_CARDS_URI, mimeType: RESOURCE_MIME_TYPE, text: views.productCards(), _meta: { ui: productCardsMeta(ctx) } },
      ],
    }),
  );
}
