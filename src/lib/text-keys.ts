/**
 * Keys for accent- and case-insensitive matching of places, categories and search words:
 * "São Paulo", "sao paulo" and "SAO  PAULO" all become "sao paulo". Compatibility forms are
 * folded first (NFKD): full-width "ＴＶ" is "tv", "ﬁ" is "fi".
 */
export function foldKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** URL-safe slug from free text: "Celulares e Smartphones" → "celulares-e-smartphones". */
export function slugify(text: string): string {
  return foldKey(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
