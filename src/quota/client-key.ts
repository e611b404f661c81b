import { hash } from 'node:crypto';

/**
 * The opaque quota key of a client address: SHA-256 of a secret salt and the address, cut to 128
 * bits. Without the salt the key cannot be turned back into the address (IPv4 has few enough
 * addresses to try them all against an unsalted hash). Addresses themselves are never stored or
 * logged. (One-shot `hash` rather than an HMAC object: it runs on every request.)
 */
export function clientKey(address: string, salt: string): string {
  return hash('sha256', `${salt}\u0000${address}`, 'base64url').slice(0, 22);
}
