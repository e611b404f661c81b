import { createHmac } from 'node:crypto';

/**
 * The opaque quota key of a client address: HMAC-SHA256 under a secret salt, cut to 128 bits.
 * Without the salt the key cannot be turned back into the address (IPv4 has few enough addresses
 * to try them all against an unsalted hash). Addresses themselves are never stored or logged.
 */
export function clientKey(address: string, salt: string): string {
  return createHmac('sha256', salt).update(address).digest('base64url').slice(0, 22);
}
