import { STOPWORDS } from './query-words.ts';
import { firstSoundRespellings, isGenderSwap, typoBudget, typoDistance } from './typos.ts';
import type { Vocabulary } from './vocabulary.ts';

/** At most this many words stand for one misspelt word. */
const MAX_CORRECTIONS = 3;

interface Candidate {
  word: string;
  distance: number;
  docs: number;
}

/** The first string after every string that begins with `prefix`: its last letter's successor. */
function pastPrefix(prefix: string): string {
  const letters = [...prefix];
  return letters.slice(0, -1).join('') + String.fromCodePoint(letters.at(-1)!.codePointAt(0)! + 1);
}

/**
 * The words beginning with `prefix` closest to `target` (`word` as read, or respelt), within
 * `budget` edits: the index's words, then the synonym table's, which stand for their group even
 * when no product has them ("televizao" → televisao → tv, televisor). Never `word` itself, nor
 * the target in its other gender (isGenderSwap: "kaneca" is not a "caneco").
 */
function closest(vocabulary: Vocabulary, word: string, target: string, prefix: string, budget: number): Candidate[] {
  let best = budget + 1;
  let found: Candidate[] = [];
  // One letter longer than the budget allows: "ph" written as "f" (soundKey).
  const [minLength, maxLength] = [target.length - budget, target.length + budget + 1];
  // A model's number is never a typo: "iphone13" is not an iphone12.
  const digits = digitsOf(word);
  const consider = (candidate: string, docs: number) => {
    if (candidate === word || isGenderSwap(target, candidate) || found.some((c) => c.word === candidate)) return;
    if (digitsOf(candidate) !== digits) return;
    const distance = typoDistance(target, candidate, Math.min(best, budget));
    if (distance < best) {
      best = distance;
      found = [{ word: candidate, distance, docs }];
    } else if (distance === best && distance <= budget) found.push({ word: candidate, distance, docs });
  };
  const end = pastPrefix(prefix);
  for (const [candidate, docs] of vocabulary.wordsBetween(prefix, end, minLength, maxLength)) consider(candidate, docs);
  for (const member of vocabulary.synonyms.wordsBetween(prefix, end)) {
    if (member.length >= minLength && member.length <= maxLength) consider(member, 0);
  }
  return found;
}

const digitsOf = (word: string) => word.replace(/\D/g, '');

/** The closest candidates, most products first (synonyms no product has last), at most MAX_CORRECTIONS. */
function best(candidates: Candidate[]): string[] {
  const distance = Math.min(...candidates.map((c) => c.distance));
  return candidates
    .filter((c) => c.distance === distance)
    .sort((a, b) => b.docs - a.docs)
    .map((c) => c.word)
    .filter((w, i, all) => all.indexOf(w) === i)
    .slice(0, MAX_CORRECTIONS);
}

/** What a misspelt word most likely stands for: the first letter trusted, the fewest edits, the most products. */
export function typoCorrections(vocabulary: Vocabulary, word: string): string[] {
  const budget = typoBudget(word.length);
  if (!/^\p{L}/u.test(word)) return [];
  if (budget === 0) return word.length === SWAP_ONLY_LENGTH ? swapCorrections(vocabulary, word) : [];
  return best(closest(vocabulary, word, word, [...word][0]!, budget));
}

/**
 * Four-letter words have no typo budget ("sola" one edit away is "bola", "cola", "mola"…), but two
 * neighbouring letters typed the other way round, the commonest slip of a keyboard, is still read
 * ("nkie" → nike, "sfoa" → sofa): the first letter kept, only the words the index has, never a
 * word that is one itself.
 */
const SWAP_ONLY_LENGTH = 4;

function swapCorrections(vocabulary: Vocabulary, word: string): string[] {
  const letters = [...word];
  const found: Candidate[] = [];
  for (let i = 1; i < letters.length - 1; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join('');
    const known = vocabulary.word(swapped);
    if (known && known[1] > 0 && !isGenderSwap(word, swapped)) found.push({ word: swapped, distance: 1, docs: known[1] });
  }
  return found.length === 0 ? [] : best(found);
}

/** Shorter words are not respelt: "sal" would be "cal", "zzzz"... nothing but noise. */
const MIN_RESPELT_LENGTH = 4;

/**
 * What a word stands for with its first sound spelt another way ("kafeteira" → cafeteira,
 * "xuveiro" → chuveiro), then within the typo budget: only when nothing else fits. Each
 * respelling reads the words beginning with its new spelling and the next letter, a small part
 * of the vocabulary (never the whole of it, nor a whole letter's words).
 */
export function firstSoundCorrections(vocabulary: Vocabulary, word: string): string[] {
  if (word.length < MIN_RESPELT_LENGTH || !/^\p{L}+$/u.test(word)) return [];
  const budget = typoBudget(word.length);
  const found = firstSoundRespellings(word).flatMap(([respelt, trusted]) =>
    closest(vocabulary, word, respelt, respelt.slice(0, trusted), budget),
  );
  return found.length === 0 ? [] : best(found);
}

const MIN_SPLIT_PART = 3;
/** A model number after the name ("iphone13" → iphone 13, "motog84" → moto g84) may be shorter. */
const MIN_NUMBER_PART = 2;
/**
 * The words that join the two words of a kind ("fone de ouvido", "máquina de lavar"), dropped
 * when the kind is written as one word ("fonedeouvido" → fone ouvido), as a query drops them.
 */
const CONNECTORS = ['de', 'da', 'do', 'das', 'dos', 'e'];

/**
 * A word that splits into two index words ("microondas" → micro ondas, "airfryer" → air fryer,
 * "iphone13" → iphone 13), across a connector too ("fonedeouvido" → fone ouvido,
 * "maquinadelavar" → maquina lavar); `inTitles`: two words that titles have, for a word the index
 * has as written too ("pendrive" beside "Pen Drive"), so that a word of descriptions ("dor" in
 * "secador") never stands in. A part of two letters must be a word of titles beside a longer one
 * ("smarttv" → smart tv, "tvbox" → tv box): two letters alone are too easily part of another word.
 */
export function splitIntoKnown(vocabulary: Vocabulary, word: string, inTitles = false): string[] | null {
  let found: [string[], number] | null = null;
  const known = (part: string) => {
    if (STOPWORDS.has(part) || part.length < MIN_NUMBER_PART) return undefined;
    const counts = vocabulary.word(part);
    if (counts === undefined || (inTitles && counts[3] === 0)) return undefined;
    // Two letters (no digit): a word of titles only.
    return part.length >= MIN_SPLIT_PART || /\d/.test(part) || counts[3] > 0 ? counts : undefined;
  };
  const consider = (leftPart: string, rightPart: string) => {
    // Two short parts say nothing ("tvpc"); a model number needs its name ("g84" after "moto").
    if (leftPart.length < MIN_SPLIT_PART && (rightPart.length < MIN_SPLIT_PART || /\d/.test(leftPart))) return;
    const left = known(leftPart);
    const right = left && known(rightPart);
    if (left && right && (found === null || Math.min(left[1], right[1]) > found[1]))
      found = [[left[0], right[0]], Math.min(left[1], right[1])];
  };
  // Neither part a stopword: "rede" is not "re" + "de".
  for (let at = MIN_NUMBER_PART; at <= word.length - MIN_NUMBER_PART; at++) {
    const [leftPart, rightPart] = [word.slice(0, at), word.slice(at)];
    consider(leftPart, rightPart);
    for (const connector of CONNECTORS) {
      if (rightPart.startsWith(connector)) consider(leftPart, rightPart.slice(connector.length));
    }
  }
  return found?.[0] ?? null;
}

/**
 * Adjacent words that the index has written as one ("pen drive" → pendrive, "mouse pad" →
 * mousepad), by the position of the first: one lookup per pair of the query's words.
 */
export function joinedInIndex(vocabulary: Vocabulary, words: string[]): Map<number, string> {
  const joined = new Map<number, string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i]! + words[i + 1]!;
    if (vocabulary.word(word)) joined.set(i, word);
  }
  return joined;
}
