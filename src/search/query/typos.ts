/**
 * Typos a word may have and still be recognized, by its length: Meilisearch's defaults (one typo
 * from 5 letters, two from 9). Shorter words must be exact: "tv" one typo away is "ti", "to"…
 */
export function typoBudget(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment),
 * stopping early: returns `max + 1` as soon as the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Spellings Brazilians write for the same sound in borrowed words: "headfone", "smartfone" for
 * "ph". A typo is measured on these keys too, so "headfone" is one spelling from "headphone", not
 * two edits (which its eight letters would not allow).
 */
export function soundKey(word: string): string {
  return word.replaceAll('ph', 'f');
}

/** The edit distance between two words, or between their sound keys when that is smaller. */
export function typoDistance(a: string, b: string, max: number): number {
  const plain = editDistance(a, b, max);
  return plain === 0 ? 0 : Math.min(plain, editDistance(soundKey(a), soundKey(b), max));
}

/**
 * A word read as a stem and its grammatical gender, in the singular: "feminino" and "femininos"
 * → femini, masculine; "secadora" → secador, feminine. Portuguese marks gender with these endings
 * (o/a, or/ora); several readings when the ending allows them.
 */
function genderReadings(word: string): [stem: string, feminine: boolean][] {
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  const readings: [string, boolean][] = [];
  if (word.endsWith('ores')) readings.push([singular.slice(0, -1), false]);
  if (singular.endsWith('or')) readings.push([singular, false]);
  if (singular.endsWith('o')) readings.push([singular.slice(0, -1), false]);
  if (singular.endsWith('a')) readings.push([singular.slice(0, -1), true]);
  return readings.filter(([stem]) => stem.length >= 2);
}

/**
 * Whether two words are one stem in the other gender ("feminino"/"feminina", "secador"/"secadora",
 * "jarro"/"jarras"). Never a typo: in Portuguese that ending is what tells the products apart
 * (a hair dryer from a clothes dryer, a vase from a jug, silver from a plate), so a word no product
 * has is not "corrected" into its other gender.
 */
export function isGenderSwap(a: string, b: string): boolean {
  const others = genderReadings(b);
  return genderReadings(a).some(([stem, feminine]) => others.some(([other, f]) => other === stem && f !== feminine));
}

/**
 * How Brazilians spell a word's first sound another way, as [pattern, spelling]: k, c and qu
 * ("kafeteira", "kimono"); s and c before e or i ("selular"); g and j before e or i
 * ("jeladeira"); x and ch ("xuveiro", "chicara"); an h dropped or added ("idratante", "herva").
 * Only at the start, where a typo is not otherwise looked for: within a word those are one edit.
 * (z and s sound alike only between vowels, never at the start of a word.)
 */
const FIRST_SOUNDS: [RegExp, string][] = [
  [/^k(?=[aou])/, 'c'],
  [/^k(?=[ei])/, 'qu'],
  [/^c(?=[aou])/, 'k'],
  [/^qu(?=[ei])/, 'k'],
  [/^c(?=[ei])/, 's'],
  [/^s(?=[ei])/, 'c'],
  [/^g(?=[ei])/, 'j'],
  [/^j(?=[ei])/, 'g'],
  [/^x/, 'ch'],
  [/^ch/, 'x'],
  [/^h(?=[aeiou])/, ''],
  [/^(?=[aeiou])/, 'h'],
];

/**
 * The word with its first sound spelt each other way, and how many of its first letters are then
 * trusted: the new spelling and the letter after it ("xuveiro" → chuveiro, "chu").
 */
export function firstSoundRespellings(word: string): [respelt: string, trusted: number][] {
  return FIRST_SOUNDS.filter(([pattern]) => pattern.test(word)).map(([pattern, spelling]) => [
    word.replace(pattern, spelling),
    spelling.length + 1,
  ]);
}
