import { hostBitsZero, type IpBytes, parseIp, samePrefix } from './ip-address.ts';

/**
 * A network the operator names in RATE_LIMIT_NETWORKS, such as a hosted agent platform's egress
 * ranges: every address in it counts as one client, with every quota multiplied.
 */
export interface QuotaNetwork {
  name: string;
  multiplier: number;
  /** The ranges as the documents state them ("160.79.104.0/21"). */
  cidrs: string[];
  ranges: (IpBytes & { prefix: number })[];
}

const NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;
const MULTIPLIER = /^x([1-9]\d{0,3})$/;

/**
 * RATE_LIMIT_NETWORKS: entries separated by ";", each "<name> x<multiplier> <cidr> [<cidr>…]",
 * e.g. "chatgpt x20 23.102.140.112/28 13.66.11.96/28; claude x20 160.79.104.0/21". A bare address
 * is a /32 (IPv4) or /128 (IPv6). Returns the networks, or the first problem in words.
 */
export function parseQuotaNetworks(value: string | undefined): QuotaNetwork[] | { problem: string } {
  const networks: QuotaNetwork[] = [];
  for (const entry of (value ?? '').split(';')) {
    const [name, multiplier, ...cidrs] = entry.trim().split(/\s+/).filter(Boolean);
    if (name === undefined) continue;
    const example = 'as "<name> x<multiplier> <cidr> [<cidr>…]", e.g. "claude x20 160.79.104.0/21"';
    if (!NAME.test(name))
      return { problem: `${JSON.stringify(name)} is not a network name (a-z, 0-9 and "-", up to 32); write each entry ${example}` };
    if (networks.some((n) => n.name === name)) return { problem: `the network name "${name}" is given twice` };
    const times = MULTIPLIER.exec(multiplier ?? '');
    if (!times)
      return {
        problem: `"${name}": ${JSON.stringify(multiplier ?? '')} is not a multiplier like "x20" (x1 to x9999); write each entry ${example}`,
      };
    if (cidrs.length === 0) return { problem: `"${name}": no address ranges; write each entry ${example}` };
    const ranges: QuotaNetwork['ranges'] = [];
    for (const cidr of cidrs) {
      const range = parseCidr(cidr);
      if (typeof range === 'string') return { problem: `"${name}": ${range}` };
      const clash = [...networks.flatMap((n) => n.ranges.map((r) => ({ name: n.name, r }))), ...ranges.map((r) => ({ name, r }))].find(
        ({ r }) => r.family === range.family && samePrefix(r.bytes, range.bytes, Math.min(r.prefix, range.prefix)),
      );
      if (clash) return { problem: `"${name}": ${cidr} overlaps a range of "${clash.name}"; each address may belong to one network` };
      ranges.push(range);
    }
    networks.push({ name, multiplier: Number(times[1]), cidrs: ranges.map(formatCidr), ranges });
  }
  return networks;
}

function parseCidr(cidr: string): (IpBytes & { prefix: number }) | string {
  const [address = '', length, extra] = cidr.split('/');
  const ip = /%/.test(address) ? null : parseIp(address);
  if (ip === null || extra !== undefined) return `${JSON.stringify(cidr)} is not an IPv4 or IPv6 address or range`;
  const max = ip.bytes.length * 8;
  if (length !== undefined && !/^(0|[1-9]\d{0,2})$/.test(length)) return `${JSON.stringify(cidr)}: the prefix length must be 0 to ${max}`;
  const prefix = length === undefined ? max : Number(length);
  if (prefix > max) return `${JSON.stringify(cidr)}: the prefix length must be 0 to ${max}`;
  if (!hostBitsZero(ip.bytes, prefix)) return `${JSON.stringify(cidr)} has bits set past /${prefix}; write the network's first address`;
  return { ...ip, prefix };
}

function formatCidr(range: IpBytes & { prefix: number }): string {
  const { bytes, family, prefix } = range;
  if (family === 4) return `${bytes.join('.')}/${prefix}`;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  // The shortest form: the longest run of zero groups as "::".
  const text = groups.join(':');
  const runs = [...text.matchAll(/(?:^|:)0(?::0)+(?:$|:)/g)].sort((a, b) => b[0].length - a[0].length);
  const run = runs[0];
  const short = run ? `${text.slice(0, run.index)}::${text.slice(run.index + run[0].length)}` : text;
  return `${short}/${prefix}`;
}
