/**
 * Portuguese plurals, on folded words (no accents): the plural step of RSLP (Orengo and Huyck's
 * stemmer), as Elasticsearch's light Portuguese stemmers and Typesense apply it, with the words it
 * must leave alone. Typo tolerance cannot do this: fogão/fogões are three edits apart.
 */

/** Words ending in s that are not plurals (or are the same in both numbers). */
const INVARIABLE = new Set([
  'tenis',
  'lapis',
  'onibus',
  'pires',
  'virus',
  'atlas',
  'bonus',
  'oculos',
  'gas',
  'pais',
  'mais',
  'menos',
  'simples',
  'jeans',
  'cosmeticos',
  'status',
  'torax',
  'xerox',
  'lupus',
  'campus',
  'cais',
  'mes',
  'tres',
  'dois',
  'seis',
  'gratis',
  'plus',
  'ps',
  'ios',
  'sims',
  'biceps',
  'triceps',
  'chassis',
]);

/**
 * The singular a plural word may stand for, most likely first: "geladeiras" → geladeira;
 * "fogoes" → fogao; "papeis" → papel; "jardins" → jardim; "colheres" → colher. Several
 * candidates where the ending is ambiguous ("canais" → canal, "paes" → pao or pae); the vocabulary
 * decides which exist. An empty list when the word is not a plural.
 */
export function singularsOf(word: string): string[] {
  if (word.length < 4 || !word.endsWith('s') || INVARIABLE.has(word) || /\d/.test(word)) return [];
  const stem = (suffix: string, ...replacements: string[]) => replacements.map((r) => word.slice(0, -suffix.length) + r);
  if (word.endsWith('oes')) return stem('oes', 'ao', 'oe');
  if (word.endsWith('aes')) return stem('aes', 'ao', 'ae');
  if (word.endsWith('ais')) return stem('ais', 'al', 'ai');
  if (word.endsWith('eis')) return stem('eis', 'el', 'il', 'ei');
  if (word.endsWith('ois')) return stem('ois', 'ol', 'oi');
  if (word.endsWith('uis')) return stem('uis', 'ul', 'ui');
  if (word.endsWith('is')) return stem('is', 'il', 'i');
  if (word.endsWith('ns')) return stem('ns', 'm', 'n');
  if (word.endsWith('res') || word.endsWith('zes') || word.endsWith('ses')) return stem('es', '', 'e');
  if (word.endsWith('les')) return stem('s', '');
  return stem('s', '');
}

/** The plurals a singular word may take: "fogao" → fogoes, fogaes, fogaos; "colher" → colheres. */
export function pluralsOf(word: string): string[] {
  if (word.length < 3 || word.endsWith('s') || /\d/.test(word)) return [];
  const base = (suffix: string, ...replacements: string[]) => replacements.map((r) => word.slice(0, -suffix.length) + r);
  if (word.endsWith('ao')) return base('ao', 'oes', 'aes', 'aos');
  if (word.endsWith('al')) return base('al', 'ais');
  if (word.endsWith('el')) return base('el', 'eis');
  if (word.endsWith('ol')) return base('ol', 'ois');
  if (word.endsWith('ul')) return base('ul', 'uis');
  if (word.endsWith('il')) return base('il', 'is', 'eis');
  if (word.endsWith('m')) return base('m', 'ns');
  if (/[rz]$/.test(word)) return [`${word}es`];
  return [`${word}s`];
}
