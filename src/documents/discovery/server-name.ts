import { SERVICE_NAME } from '../../contract/service-info.ts';

/** The name pattern and length of the Server Card draft and of the MCP Registry's server.json (both the same). */
const NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const NAME_MAX_LENGTH = 200;
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** The site's host name without a port, a root's trailing dot or IPv6 brackets; and whether it is an address. */
function siteHost(siteUrl: string): { host: string; address: boolean } {
  const hostname = new URL(siteUrl).hostname.replace(/\.$/, '');
  if (hostname.startsWith('[')) return { host: hostname.slice(1, -1), address: true };
  return { host: hostname, address: IPV4.test(hostname) };
}

/**
 * The namespace of this deployment's MCP server name: the site's host in reverse-DNS order
 * (https://catalogo.example.com.br → br.com.example.catalogo), the form the MCP Registry's domain
 * authentication proves (docs/operations.md, "Publishing to the MCP Registry"). An IP address has
 * no DNS order: it is kept as written, an IPv6 address with hyphens for its colons, so the name
 * stays valid (such a name cannot be published anyway).
 */
export function serverNamespace(siteUrl: string): string {
  const { host, address } = siteHost(siteUrl);
  if (address) return host.replaceAll(':', '-');
  return host.split('.').reverse().join('.');
}

/**
 * The MCP server's name in its Server Card and in server.json: `<namespace>/<serverInfo name>`
 * (br.com.example.catalogo/catalog-public-service). The part after the slash is the name the
 * server gives in initialize and server/discover, so the card and the live server agree; the
 * namespace is the deployment's, which serverInfo does not carry.
 */
export function serverName(siteUrl: string): string {
  const name = `${serverNamespace(siteUrl)}/${SERVICE_NAME}`;
  // A host name may run to 253 characters; the name may not (it would fail both schemas).
  if (name.length > NAME_MAX_LENGTH || !NAME_PATTERN.test(name)) {
    throw new Error(`SITE_URL's host gives no valid MCP server name (at most ${NAME_MAX_LENGTH} characters): ${name}`);
  }
  return name;
}

/**
 * The AI Catalog identifier of the server card: `urn:air:{publisher}:{namespace}:{name}`, the
 * domain-anchored form of the MCP discovery draft, with the site's host (no port: the colon
 * separates the parts) as the publisher.
 */
export function catalogIdentifier(siteUrl: string): string {
  const { host, address } = siteHost(siteUrl);
  return `urn:air:${address ? host.replaceAll(':', '-') : host}:mcp:${SERVICE_NAME}`;
}

const LOOPBACK_NAMES = /^(?:localhost|.+\.localhost)$/;
const LOOPBACK_ADDRESSES = /^(?:127\.\d+\.\d+\.\d+|::1)$/;

/**
 * Why the MCP Registry would refuse this deployment's server.json, or nothing when it would take
 * it. The registry takes only https remotes on a host that is not localhost (its remote URL
 * check), under a name whose namespace the publisher proves: a domain, by DNS or HTTP.
 */
export function registryProblems(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  const { host, address } = siteHost(siteUrl);
  const problems: string[] = [];
  if (url.protocol !== 'https:') problems.push(`SITE_URL ${siteUrl} is not https: the registry takes https remotes only`);
  if (LOOPBACK_NAMES.test(host) || LOOPBACK_ADDRESSES.test(host)) {
    problems.push(`its host ${host} is this machine: the registry refuses localhost remotes`);
  } else if (address) {
    problems.push(`its host ${host} is an IP address: a registry name needs a domain to prove`);
  }
  return problems;
}
