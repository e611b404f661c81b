import { z } from 'zod';

/** Largest id the public contract accepts: Number.MAX_SAFE_INTEGER (2^53 - 1). */
export const MAX_ID = 9007199254740991;

/** A catalog identifier as stored and as returned: a safe positive integer. */
export const IdSchema = z.number().int().min(1).max(MAX_ID);
export type Id = z.infer<typeof IdSchema>;

/**
 * The only accepted spelling of an id in a URL path: ASCII digits, no sign, no leading zero.
 * Length is bounded before the numeric comparison so huge inputs never reach Number().
 */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** Parses a raw (not percent-decoded) path segment; null when it is not a valid id. */
export function parseIdSegment(segment: string): Id | null {
  if (!CANONICAL_ID.test(segment)) return null;
  const value = Number(segment);
  return value <= MAX_ID ? value : null;
}
