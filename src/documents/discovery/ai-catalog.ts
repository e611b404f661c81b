import { publicUrls } from '../../contract/paths.ts';
import { SERVICE_TITLE } from '../../contract/service-info.ts';
import { SERVER_CARD_TYPE } from './server-card.ts';
import { catalogIdentifier } from './server-name.ts';

export interface AiCatalog {
  specVersion: string;
  entries: { identifier: string; type: string; mediaType: string; displayName: string; url: string }[];
}

/**
 * The site's AI Catalog (/.well-known/ai-catalog.json): one entry, the server card. Two drafts
 * describe the entry: the MCP discovery document (experimental-ext-server-card, docs/discovery.md)
 * names its type `type` and dropped `displayName`; the AI Catalog specification (Agent-Card/ai-catalog,
 * 2026-04-30) requires `displayName` and names the type `mediaType`. The entry carries all three:
 * the AI Catalog specification, which the MCP draft builds on, has readers ignore members they do
 * not know, so a reader of either draft finds what it requires.
 */
export function aiCatalog(siteUrl: string): AiCatalog {
  return {
    specVersion: '1.0',
    entries: [
      {
        identifier: catalogIdentifier(siteUrl),
        type: SERVER_CARD_TYPE,
        mediaType: SERVER_CARD_TYPE,
        displayName: SERVICE_TITLE,
        url: publicUrls(siteUrl).discovery.serverCard,
      },
    ],
  };
}
