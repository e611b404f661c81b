/**
 * Keys for accent- and case-insensitive matching of places and categories:
 * "São Paulo", "sao paulo" and "SAO  PAULO" all become "sao paulo".
 */
export function foldKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** URL-safe slug from free text: "Celulares e Smartphones" → "celulares-e-smartphones". */
export function slugify(text: string): string {
  return foldKey(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
