import { randomBytes } from 'node:crypto';

/**
 * The secret search cursors are signed with (search-cursor.ts derives each catalog version's key
 * from it), the same on every instance that shares it: CURSOR_SECRET, or one made once and kept in
 * the quota store (docs/operations.md, "Search cursors"). Read once per process, before the first
 * tool call: the search itself is synchronous.
 */
export interface CursorSecret {
  /** The secrets a cursor may be signed with, the one to sign with first; null until ready() has settled once. */
  current(): readonly string[] | null;
  /** What to wait for before a search (settles, never rejects); null: nothing, current() is known. */
  ready(): Promise<void> | null;
}

/** CURSOR_SECRET: known from the start. */
export function fixedCursorSecret(secret: string): CursorSecret {
  const secrets = [secret];
  return { current: () => secrets, ready: () => null };
}

/** A secret's reading from the quota store: `shared: false` when the store did not answer and this instance's own came back. */
export type SecretReading = { secret: string; shared: boolean };

/**
 * The secret kept in the quota store (`read`: FallbackQuotaStore.sharedSecret, which answers with
 * this instance's own while the store does not, asking it again no sooner than 5 s later); null:
 * there is no store (RATE_LIMITS=off). Without the store's, cursors are signed with this instance's
 * own secret, which still works here, and that is logged once. Once the store's is known it signs,
 * and this instance's own is still accepted, so no cursor it handed out meanwhile is refused.
 */
export function storedCursorSecret(read: (() => Promise<SecretReading>) | null, log: (message: string) => void): CursorSecret {
  let secrets: readonly string[] | null = null;
  let shared = false;
  let pending: Promise<void> | null = null;
  let logged = false;
  const ownOnly = (own: string, why: string) => {
    secrets = [own];
    if (!logged) {
      logged = true;
      log(
        `CURSOR_SECRET is unset and ${why}: search cursors are signed with this instance's own secret, which other instances and a restart refuse`,
      );
    }
  };
  if (read === null) {
    const own = randomBytes(32).toString('base64url');
    return {
      current: () => secrets,
      ready: () => {
        if (secrets === null) ownOnly(own, 'there is no quota store to keep one in (RATE_LIMITS=off)');
        return null;
      },
    };
  }
  const ask = (): Promise<void> =>
    (pending ??= read()
      .then(
        (reading) => {
          if (!reading.shared) return ownOnly(reading.secret, 'the quota store did not answer');
          shared = true;
          secrets = secrets === null || secrets[0] === reading.secret ? [reading.secret] : [reading.secret, secrets[0]!];
        },
        () => ownOnly(secrets?.[0] ?? randomBytes(32).toString('base64url'), 'the quota store could not be read'),
      )
      .finally(() => {
        pending = null;
      }));
  return {
    current: () => secrets,
    ready: () => {
      if (shared) return null;
      if (secrets === null) return ask();
      // This instance's own signs meanwhile: the store is asked again without holding the request.
      void ask();
      return null;
    },
  };
}
