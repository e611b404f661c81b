import { PATHS } from '../service/paths.ts';

/**
 * robots.txt (RFC 9309): crawlers are welcome on the pages and documents, and told where the
 * sitemap is. The API and MCP endpoints answer agents a user is waiting for, not crawlers
 * (the fair-use policy forbids enumerating them), so they are disallowed.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    `Disallow: ${PATHS.publicApi}`,
    `Disallow: ${PATHS.mcp}`,
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}${PATHS.sitemap}`,
    '',
  ].join('\n');
}
