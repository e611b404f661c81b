import { PATHS } from '../../contract/paths.ts';
import { SERVICE_SUMMARY, SERVICE_TITLE, SERVICE_VERSION } from '../../contract/service-info.ts';
import { SERVED_PROTOCOL_VERSIONS } from '../../mcp/protocol.ts';
import { LINKED_PAGES, type LinkedPages } from './linked-pages.ts';
import { serverName } from './server-name.ts';

/** The media type of a server card: its answers', and the one AI catalog entries name. */
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';

/** The draft allows exactly this `$schema` (its schema.ts pins the pattern). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** An icon, as the card and server.json both describe one. */
export interface Icon {
  src: string;
  mimeType: string;
  sizes: string[];
}

/** The MCP Server Card, as far as this service fills it (SEP-2127, a draft: docs/api.md, "Discovery documents"). */
export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  title: string;
  description: string;
  websiteUrl: string;
  remotes: { type: 'streamable-http'; url: string; supportedProtocolVersions: string[] }[];
  icons?: Icon[];
  _meta?: { links: Partial<Record<'privacyPolicy' | 'termsOfService' | 'contact', string>> };
}

/** The site's logo as an icon, when there is one (linked-pages.ts). */
export function siteIcons(siteUrl: string, pages: LinkedPages): Icon[] | undefined {
  const { logo } = pages;
  return logo === null ? undefined : [{ src: siteUrl + logo.path, mimeType: logo.mimeType, sizes: logo.sizes }];
}

/**
 * The server card of /mcp. It states what the live server answers, so a client that compares
 * them finds no contradiction (the draft's "Consistency with Runtime Behavior"): the version and
 * title of serverInfo, a name whose last part is serverInfo's name (server-name.ts), and every
 * revision /mcp serves (server/discover lists only 2026-07-28; initialize negotiates the two
 * 2025 ones). No tools: the draft leaves them to the live listing.
 */
export function serverCard(siteUrl: string, pages: LinkedPages = LINKED_PAGES): ServerCard {
  const card: ServerCard = {
    $schema: SERVER_CARD_SCHEMA,
    name: serverName(siteUrl),
    version: SERVICE_VERSION,
    title: SERVICE_TITLE,
    description: SERVICE_SUMMARY,
    websiteUrl: `${siteUrl}/`,
    remotes: [{ type: 'streamable-http', url: siteUrl + PATHS.mcp, supportedProtocolVersions: [...SERVED_PROTOCOL_VERSIONS] }],
  };
  const icons = siteIcons(siteUrl, pages);
  if (icons) card.icons = icons;
  // The card has no field for these pages; _meta is its extension point.
  const links = Object.fromEntries(
    (['privacyPolicy', 'termsOfService', 'contact'] as const).flatMap((key) => (pages[key] === null ? [] : [[key, siteUrl + pages[key]]])),
  );
  if (Object.keys(links).length > 0) card._meta = { links };
  return card;
}
