import { PATHS } from '../contract/paths.ts';

/**
 * robots.txt (RFC 9309): crawlers are welcome on the pages and documents, and told where the
 * sitemap is. The API and MCP endpoints answer agents a user is waiting for, not crawlers
 * (the fair-use policy forbids enumerating them), so they are disallowed. The server card under
 * /mcp is a document for discovery: allowed (the longest match wins, RFC 9309 2.2.2; listed first
 * for crawlers that take the first match).
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    `Allow: ${PATHS.serverCard}`,
    `Disallow: ${PATHS.publicApi}`,
    `Disallow: ${PATHS.mcp}`,
    // UCP's bindings (/ucp/mcp, /ucp/catalog/…) are agents' too; its profile, /.well-known/ucp, is a document.
    `Disallow: ${PATHS.ucpRest}/`,
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}${PATHS.sitemap}`,
    '',
  ].join('\n');
}
