import { hash } from 'node:crypto';
import { ipv6Network, parseIp, samePrefix } from '../config/ip-address.ts';
import type { QuotaNetwork } from '../config/quota-networks.ts';

/**
 * The opaque quota key of a client address: SHA-256 of a secret salt and the address, cut to 128
 * bits. Without the salt the key cannot be turned back into the address (IPv4 has few enough
 * addresses to try them all against an unsalted hash). Addresses themselves are never stored or
 * logged. (One-shot `hash` rather than an HMAC object: it runs once per connection.)
 */
export function clientKey(address: string, salt: string): string {
  return hash('sha256', `${salt}\u0000${address}`, 'base64url').slice(0, 22);
}

/**
 * Whom a request's quotas count: the operator-named network the address is in (as a whole), or
 * else the client itself, by IPv4 address or by its IPv6 network of `ipv6Prefix` bits
 * (RATE_LIMIT_IPV6_PREFIX, /56: RFC 6177 recommends /48 to /56 for an end site, which may use any
 * address in it; keyed by /64, one home would hold 256 quotas). A dual-stack socket's
 * "::ffff:192.0.2.1" is the IPv4 client 192.0.2.1. Text that is no address counts as given.
 */
export function quotaClient(
  address: string,
  networks: readonly QuotaNetwork[],
  ipv6Prefix: number,
): { network: QuotaNetwork } | { address: string } {
  const ip = parseIp(address);
  if (ip === null) return { address };
  for (const network of networks) {
    for (const range of network.ranges) {
      if (range.family === ip.family && samePrefix(range.bytes, ip.bytes, range.prefix)) return { network };
    }
  }
  return { address: ip.family === 4 ? ip.bytes.join('.') : ipv6Network(ip.bytes, ipv6Prefix) };
}
