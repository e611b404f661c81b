import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export interface IpBytes {
  family: 4 | 6;
  bytes: Uint8Array;
}

/**
 * Parses an address as a socket or a proxy reports it: IPv4 dotted, IPv6 (with "::", an embedded
 * IPv4 tail or a zone "%eth0"). An IPv4-mapped IPv6 address ("::ffff:192.0.2.1", what a dual-stack
 * socket reports for an IPv4 peer) is the IPv4 address it maps. Null when it is neither.
 */
export function parseIp(text: string): IpBytes | null {
  if (isIPv4(text)) return { family: 4, bytes: Uint8Array.from(text.split('.'), Number) };
  const address = text.replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  const bytes = ipv6Bytes(address);
  const mapped = bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? { family: 4, bytes: bytes.slice(12) } : { family: 6, bytes };
}

/** The 16 bytes of a valid IPv6 address (checked by isIPv6 first). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address;
  // An embedded IPv4 tail ("::ffff:192.0.2.1") becomes its two groups.
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = groups(head);
  const back = rest === undefined ? [] : groups(rest);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[2 * i] = group >> 8;
    bytes[2 * i + 1] = group & 0xff;
  });
  return bytes;
}

/** Whether the first `prefix` bits of `a` and `b` (same family) are equal. */
export function samePrefix(a: Uint8Array, b: Uint8Array, prefix: number): boolean {
  const whole = prefix >> 3;
  for (let i = 0; i < whole; i++) if (a[i] !== b[i]) return false;
  const bits = prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((a[whole]! ^ b[whole]!) & mask) === 0;
}

/** Whether every bit past the first `prefix` is zero (a network address, as "10.0.0.0/8"). */
export function hostBitsZero(bytes: Uint8Array, prefix: number): boolean {
  for (let bit = prefix; bit < bytes.length * 8; bit++) if (bytes[bit >> 3]! & (0x80 >> (bit & 7))) return false;
  return true;
}

/**
 * The network of `prefix` bits (at most 64) an IPv6 address belongs to, as "2001:db8:1:200::/56":
 * the groups the prefix reaches, its other bits zero.
 */
export function ipv6Network(bytes: Uint8Array, prefix: number): string {
  const groups: string[] = [];
  for (let bit = 0; bit < prefix; bit += 16) {
    const group = (bytes[bit >> 3]! << 8) | bytes[(bit >> 3) + 1]!;
    const kept = Math.min(16, prefix - bit);
    groups.push((group & ((0xffff << (16 - kept)) & 0xffff)).toString(16));
  }
  return `${groups.join(':')}::/${prefix}`;
}

/**
 * The address a proxy wrote in X-Forwarded-For, strictly: an IPv4 address (leading zeros read as
 * decimal: "009.9.9.9" is 9.9.9.9) or an IPv6 one, with a port ("9.9.9.9:1234",
 * "[2001:db8::3]:443") or brackets removed, in one canonical form, so one client is one key however
 * its proxy writes it. Null for anything else (an empty value, "garbage", "unknown"): the caller
 * then counts the connection's own address, never a key made up from the text.
 */
export function forwardedAddress(text: string): string | null {
  const value = text.trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?$/.exec(value);
  if (v4) {
    const octets = v4.slice(1, 5).map(Number);
    return octets.every((n) => n <= 255) ? octets.join('.') : null;
  }
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  const v6 = bracketed ? bracketed[1]! : value;
  const ip = v6.includes(':') ? parseIp(v6) : null;
  if (ip === null) return null;
  return ip.family === 4 ? ip.bytes.join('.') : v6.replace(/%.*$/, '').toLowerCase();
}
