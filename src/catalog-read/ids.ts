import { z } from 'zod';

/** Largest id the public contract accepts: Number.MAX_SAFE_INTEGER (2^53 - 1). */
export const MAX_ID = 9007199254740991;

/** A catalog identifier as stored and as returned: a safe positive integer. */
export const IdSchema = z.number().int().min(1).max(MAX_ID);
export type Id = z.infer<typeof IdSchema>;

/**
 * The service's one spelling of a positive integer in a URL, ids and the showcase's `limit` alike
 * (docs/api.md): ASCII digits, no sign, no leading zero, no exponent or separator, 1 to
 * 9007199254740991. Length is bounded before the numeric comparison so huge inputs never reach
 * Number(), and nothing is ever rounded into range.
 */
export const CANONICAL_INTEGER = /^[1-9][0-9]{0,15}$/;

/** Parses text in the canonical spelling; null for anything else (never a clamped or rounded value). */
export function parseCanonicalInteger(text: string): number | null {
  if (!CANONICAL_INTEGER.test(text)) return null;
  const value = Number(text);
  return value <= MAX_ID ? value : null;
}

/** Parses a raw (not percent-decoded) path segment; null when it is not a valid id. */
export function parseIdSegment(segment: string): Id | null {
  return parseCanonicalInteger(segment);
}
