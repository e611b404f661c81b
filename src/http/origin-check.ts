/** Page origins on the visitor's own machine: never a rebinding attacker's, always allowed. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The Origin check the MCP transport asks servers for (a browser page may only call from an
 * allowed origin). Requests without Origin come from programs, not pages, and pass; `allowed`
 * holds serialized origins ("https://app.example"), null allows every origin.
 */
export function originAllowed(origin: string | null, allowed: ReadonlySet<string> | null): boolean {
  if (origin === null || allowed === null) return true;
  const value = origin.trim().toLowerCase();
  if (allowed.has(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_NAMES.has(url.hostname);
}
