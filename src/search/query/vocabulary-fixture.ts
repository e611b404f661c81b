import { synonymTable } from './synonyms.ts';
import type { IndexWord, Vocabulary } from './vocabulary.ts';

/**
 * A vocabulary in memory for unit tests: index words with their product counts (one count for
 * every column, or [any, naming, title]), and the built-in synonyms with the operator's groups
 * given. Ranges are read as the snapshot's search_words table reads them (word order, then the
 * length filter).
 */
export function vocabularyOf(counts: Record<string, number | [number, number, number]>, operatorGroups: string[][] = []): Vocabulary {
  const words: IndexWord[] = Object.entries(counts)
    .map(([word, docs]): IndexWord => (typeof docs === 'number' ? [word, docs, docs, docs] : [word, ...docs]))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return {
    word: (word) => words.find((w) => w[0] === word),
    wordsStartingWith: (prefix, limit) =>
      words
        .filter((w) => w[0].startsWith(prefix))
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit),
    wordsBetween: (from, to, minLength, maxLength) =>
      words.filter(([w]) => w >= from && w < to && w.length >= minLength && w.length <= maxLength),
    synonyms: synonymTable(operatorGroups),
  };
}
