/** The content codings a built file may be stored in beside itself, best first, and their file suffixes. */
export const STORED_CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
export type StoredCoding = (typeof STORED_CODINGS)[number];

/**
 * Older names a recipient reads as the coding they stand for (RFC 9110 8.4.1.3: "x-gzip" is
 * gzip). Named both ways, the higher weight counts: either name accepts the same bytes.
 */
const ALIASES: Readonly<Record<string, string>> = { 'x-gzip': 'gzip' };

/**
 * The stored coding a request's Accept-Encoding takes, or null for the file as it is (RFC 9110
 * 12.5.3): a coding is acceptable unless its weight is 0, `*` stands for codings not named, the
 * highest weight wins and Brotli before gzip at equal weights. No header: the file as it is.
 */
export function preferredCoding(acceptEncoding: string | null, available: readonly StoredCoding[]): StoredCoding | null {
  if (acceptEncoding === null) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [written = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (written === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const read = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(read) ? read : 0;
    const name = ALIASES[written];
    if (name === undefined) weights.set(written, weight);
    else weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  let best: StoredCoding | null = null;
  let bestWeight = 0;
  for (const stored of available) {
    const weight = weights.get(stored.coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = stored;
      bestWeight = weight;
    }
  }
  return best;
}
