import { parseDictionary } from 'structured-headers';

/**
 * The platform's profile URL from the UCP-Agent header (RFC 8941 dictionary: `profile="https://…"`,
 * UCP overview "Platform Advertisement on Request"). Never fetched: it is a URL the caller
 * controls, and this read-only catalog negotiates nothing with it (docs/api.md, "UCP").
 * Absent: answered with a warning. Not a dictionary, or a profile that is not an http(s) URL:
 * UCP's `invalid_profile_url`.
 */
export function readUcpAgent(header: string | null): { profile: string | null } | { error: string } {
  if (header === null || header.trim() === '') return { profile: null };
  let profile: unknown;
  try {
    profile = parseDictionary(header).get('profile')?.[0];
  } catch {
    return { error: 'The UCP-Agent header is not a structured-field dictionary (RFC 8941): send UCP-Agent: profile="https://…"' };
  }
  if (profile === undefined) return { profile: null };
  return typeof profile === 'string' && isHttpUrl(profile)
    ? { profile }
    : { error: 'UCP-Agent profile must be a quoted http(s) URL: UCP-Agent: profile="https://platform.example/profile.json"' };
}

/** A profile URL as UCP names it: absolute, http or https. */
export function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === 'https:' || protocol === 'http:';
}
