/* Small text and date helpers shared by the generator's record builders. */

/** The schema's slug limit is 160; leaving room for '-' + a 16-digit id keeps every slug valid. */
const MAX_BASE_SLUG = 120;

/**
 * Lowercase ASCII slug: accents are stripped (NFD + drop combining marks) rather than dropped
 * with their letter, so "Água Rasa" becomes "agua-rasa", not "gua-rasa".
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_BASE_SLUG) return slug;
  return slug.slice(0, MAX_BASE_SLUG).replace(/-+$/, '');
}

/**
 * Titles repeat (a few thousand distinct ones over a million products) and slugify is one of the
 * costliest steps per product, so base slugs are memoised; the cap bounds memory if a caller
 * ever feeds unbounded distinct texts.
 */
const slugCache = new Map<string, string>();
const SLUG_CACHE_LIMIT = 100_000;

/** Slug made unique by the record's id, which is unique by construction. */
export function slugWithId(text: string, id: number): string {
  let base = slugCache.get(text);
  if (base === undefined) {
    base = slugify(text);
    if (slugCache.size >= SLUG_CACHE_LIMIT) slugCache.clear();
    slugCache.set(text, base);
  }
  return base === '' ? String(id) : `${base}-${id}`;
}

/** "YYYY-MM-DDT" per day number: Date#toISOString per record was a sixth of the run time. */
const dayPrefixes = new Map<number, string>();

/** ISO 8601 in UTC with whole seconds, e.g. 2025-03-07T14:05:09Z. */
export function isoSeconds(epochSeconds: number): string {
  const day = Math.floor(epochSeconds / 86_400);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * 86_400_000).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const secondOfDay = epochSeconds - day * 86_400;
  const h = Math.floor(secondOfDay / 3600);
  const m = Math.floor((secondOfDay % 3600) / 60);
  const sec = secondOfDay % 60;
  return `${prefix}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${sec < 10 ? '0' : ''}${sec}Z`;
}

export function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** First letter upper-cased (sentence starts built from lower-case fragments). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
