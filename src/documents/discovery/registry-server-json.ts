import { PATHS } from '../../contract/paths.ts';
import { SERVICE_SUMMARY, SERVICE_TITLE, SERVICE_VERSION } from '../../contract/service-info.ts';
import { LINKED_PAGES, type LinkedPages } from './linked-pages.ts';
import { type Icon, siteIcons } from './server-card.ts';
import { serverName } from './server-name.ts';

/** The registry's latest released server.json schema (a copy: tests/schemas/server.schema.json). */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

export interface RegistryServerJson {
  $schema: string;
  name: string;
  title: string;
  description: string;
  version: string;
  websiteUrl: string;
  remotes: { type: 'streamable-http'; url: string }[];
  icons?: Icon[];
}

/**
 * This deployment's entry in the MCP Registry, as `mcp-publisher publish` takes it: a remote-only
 * server (no package to install), the same name, version, title and description as its server
 * card. The registry's schema has no field for the served revisions, and its `_meta` keeps only
 * the publisher-provided key, so neither is stated. Whether the registry would take it:
 * registryProblems (server-name.ts).
 */
export function registryServerJson(siteUrl: string, pages: LinkedPages = LINKED_PAGES): RegistryServerJson {
  const entry: RegistryServerJson = {
    $schema: SERVER_JSON_SCHEMA,
    name: serverName(siteUrl),
    title: SERVICE_TITLE,
    description: SERVICE_SUMMARY,
    version: SERVICE_VERSION,
    websiteUrl: `${siteUrl}/`,
    remotes: [{ type: 'streamable-http', url: siteUrl + PATHS.mcp }],
  };
  const icons = siteIcons(siteUrl, pages);
  if (icons) entry.icons = icons;
  return entry;
}
