import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_CARDS_FILE } from '../mcp-app/view-files.ts';

/** The MCP Apps views the build made (src/mcp-app/), as the MCP endpoint serves them. */
export interface AppViews {
  /** The product cards' HTML document. */
  productCards(): string;
}

/**
 * The views in a built directory (dist/server/mcp-app, where `npm run build` writes them), each
 * read once, on first use: a cold start that serves no view reads nothing. Undefined when the
 * build has none (made before the views were): the tools are then served without them.
 */
export function builtAppViews(dir: string): AppViews | undefined {
  const file = join(dir, PRODUCT_CARDS_FILE);
  if (!existsSync(file)) return undefined;
  let cards: string | undefined;
  return {
    productCards: () => {
      cards ??= readFileSync(file, 'utf8');
      return cards;
    },
  };
}
