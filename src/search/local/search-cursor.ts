import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

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

/**
 * The key a catalog version's cursors are signed with: HMAC of the version under the secret
 * (CURSOR_SECRET, or the one kept in the quota store: cursor-secret.ts). The same content rebuilt
 * has the same version, so the same key, on every instance that has the secret; another version
 * has another key. The label keeps these keys apart from anything else made with the secret.
 */
export function cursorKey(secret: string, catalogVersion: string): Buffer {
  return createHmac('sha256', secret).update(`search cursor key\u0000${catalogVersion}`).digest();
}

/**
 * The last key derived: every search of one catalog version asks for the same one. Kept as a
 * KeyObject: createHmac prepares a Buffer key anew on every call (about half of a cursor's cost
 * in a CPU profile of the search benchmark).
 */
let derived: { secret: string; catalogVersion: string; key: KeyObject } | null = null;
function keyOf(secret: string, catalogVersion: string): KeyObject {
  if (derived === null || derived.secret !== secret || derived.catalogVersion !== catalogVersion)
    derived = { secret, catalogVersion, key: createSecretKey(cursorKey(secret, catalogVersion)) };
  return derived.key;
}

const sign = (key: KeyObject, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/** An opaque cursor: its state, and an HMAC of it with the key of its catalog version (cursorKey). */
export function makeCursor(secret: string, state: CursorState): string {
  const payload = Buffer.from(JSON.stringify([state.catalogVersion, state.search, state.offset])).toString('base64url');
  return `${payload}.${sign(keyOf(secret, state.catalogVersion), payload).toString('base64url')}`;
}

export type CursorReading = { offset: number } | { error: string };

/**
 * A cursor checked against the search it is given with: its offset, or why it is refused (a tool
 * error). `secrets`: those it may have been signed with, the one this instance signs with first
 * (CursorSecret.current()). A cursor is genuine when its signature is the one the key of the
 * version it names gives: so one of an earlier catalog is told apart from one made up.
 */
export function readCursor(secrets: readonly string[], cursor: string, expected: Omit<CursorState, 'offset'>): CursorReading {
  const parts = cursor.split('.');
  const [payload, signature] = parts;
  const state = parts.length === 2 && canonical(payload!) && canonical(signature!) ? decode(payload!) : null;
  const given = state === null ? null : Buffer.from(signature!, 'base64url');
  const genuine =
    state !== null &&
    given!.length === SIGNATURE_BYTES &&
    secrets.some((secret) => timingSafeEqual(given!, sign(keyOf(secret, state.catalogVersion), payload!)));
  if (!genuine) {
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

/**
 * Whether a part is base64url as makeCursor writes it: only its alphabet, no padding, and the text
 * its bytes encode back to. Node's decoder skips what it does not know ("=", "!", ".") and ignores
 * the unused bits of the last character, so without this a cursor with a character added or
 * changed there would read as the same page.
 */
function canonical(part: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

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
