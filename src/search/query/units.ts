/*
 * Units written after a number, as shops and shoppers spell them: "2L", "2 litros", "2 lts";
 * "128GB", "128 gigas"; 55", "55 pol", "55 polegadas". Each family is one unit: a number with any
 * of its spellings stands for the number with every other.
 */

const FAMILIES: readonly (readonly string[])[] = [
  ['l', 'lt', 'lts', 'litro', 'litros'],
  ['ml'],
  ['kg', 'kilo', 'kilos', 'quilo', 'quilos'],
  ['g', 'grama', 'gramas'],
  ['mg'],
  ['gb', 'giga', 'gigas'],
  ['tb'],
  ['mb'],
  ['w', 'watt', 'watts'],
  ['v', 'volt', 'volts'],
  ['mah'],
  ['cm'],
  ['mm'],
  ['m', 'metro', 'metros'],
];
/** Inches: titles write them as " (55"), which the index does not keep: the number alone. */
const INCH = ['pol', 'polegada', 'polegadas'];

const FAMILY_OF = new Map<string, readonly string[]>([...FAMILIES, INCH].flatMap((family) => family.map((unit) => [unit, family])));

/** Whether a word is a unit that may follow a number. */
export const isUnit = (word: string): boolean => FAMILY_OF.has(word);

/** Whether `word` is `number` joined to a unit ("128" and "128gb"): the number itself, not a longer one. */
export function isNumberWithUnit(number: string, word: string): boolean {
  return /^\d+$/.test(number) && word.startsWith(number) && isUnit(word.slice(number.length));
}

/**
 * What a number and its unit may be in the index, the spelling asked for first: joined and
 * split, in each spelling of the unit ("2 lts" → 2lts, 2 lts, 2l, 2 l, 2litros, …); inches as the
 * number alone too. Words the index lacks are left for the caller to skip.
 */
export function unitAlternatives(number: string, unit: string): string[][] {
  const family = FAMILY_OF.get(unit) ?? [unit];
  const spellings = [unit, ...family.filter((u) => u !== unit)];
  const joinedAndSplit = spellings.flatMap((u) => [[number + u], [number, u]]);
  return family === INCH ? [[number], ...joinedAndSplit] : joinedAndSplit;
}
