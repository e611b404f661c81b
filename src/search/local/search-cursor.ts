import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pages of one search stop at this many results: enough to choose from, not a way to list the
 * catalog, which the usage policy forbids (specification section 1, rule 5).
 */
export const SEARCH_DEPTH = 50;

/** A cursor: where the next page starts, bound to its search's arguments and the catalog version, signed. */
interface CursorState {
  /** The catalog version it was made for. */
  catalogVersion: string;
  /** A digest of the search's other arguments. */
  search: string;
  offset: number;
}

const SIGNATURE_BYTES = 16;

/** A digest of a search's arguments, but the cursor: the same search gives the same digest, whatever the key order. */
export function searchDigest(args: Record<string, unknown>): string {
  const kept = Object.keys(args)
    .filter((k) => k !== 'cursor' && args[k] !== undefined)
    .sort()
    .map((k) => [k, args[k]]);
  return createHash('sha256').update(JSON.stringify(kept)).digest('base64url').slice(0, 16);
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** An opaque cursor: its state, and an HMAC of it with the snapshot's key (catalog-reader.ts, cursorKey). */
export function makeCursor(key: string, state: CursorState): string {
  const payload = Buffer.from(JSON.stringify([state.catalogVersion, state.search, state.offset])).toString('base64url');
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

export type CursorReading = { offset: number } | { error: string };

/** A cursor checked against the search it is given with: its offset, or why it is refused (a tool error). */
export function readCursor(key: string, cursor: string, expected: Omit<CursorState, 'offset'>): CursorReading {
  const [payload, signature, ...more] = cursor.split('.');
  const state = payload === undefined ? null : decode(payload);
  const given = Buffer.from(signature ?? '', 'base64url');
  const genuine =
    state !== null && more.length === 0 && given.length === SIGNATURE_BYTES && key !== '' && timingSafeEqual(given, sign(key, payload!));
  if (!genuine) {
    // Each build signs with a key of its own: a cursor of an earlier catalog no longer verifies.
    if (state !== null && state.catalogVersion !== expected.catalogVersion) return { error: STALE };
    return {
      error:
        'This cursor is not one this search made (it was altered, cut or made up). Search again without cursor, or pass the nextCursor of the previous answer unchanged.',
    };
  }
  if (state.catalogVersion !== expected.catalogVersion) return { error: STALE };
  if (state.search !== expected.search) {
    return {
      error:
        'This cursor belongs to a search with other arguments. Give it with the same query, place, filters, sort and limit as the search that returned it, or search again without cursor.',
    };
  }
  if (state.offset >= SEARCH_DEPTH) return { error: DEPTH };
  return { offset: state.offset };
}

const STALE = 'This cursor is from an earlier version of the catalog (it was rebuilt since). Search again without cursor.';
const DEPTH = `Pages stop at ${SEARCH_DEPTH} results per search: the usage policy forbids listing the catalog. Narrow the search instead (words, category, brand, price range or place).`;

function decode(payload: string): CursorState | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [catalogVersion, search, offset] = value;
    if (typeof catalogVersion !== 'string' || typeof search !== 'string' || !Number.isSafeInteger(offset) || offset < 0) return null;
    return { catalogVersion, search, offset };
  } catch {
    return null;
  }
}
