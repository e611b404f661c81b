import type { SynonymTable } from './synonyms.ts';

/*
 * The vocabulary's types, apart from the code that reads them (words.ts, alternatives.ts,
 * corrections.ts): each of those imports them from here, so none imports another back.
 */

/**
 * One thing the shopper asked for (a word, or words that go together: "fritadeira eletrica",
 * "500 ml") and the index words that stand for it.
 */
export interface SearchWord {
  /** As the query has it, folded ("geladeiras", "500 ml"). */
  word: string;
  /**
   * Any of these matches; each is index words that must all be present (usually one). The word
   * itself, its singular and plural forms, for the query's last word the index words it begins,
   * its synonyms, the words it joins or splits into, or what a typo stood for.
   */
  alternatives: string[][];
  /** Products with any of the alternatives in any text column, in the naming columns and in the title (RANKED_COLUMNS): upper bounds. */
  docs: number;
  namingDocs: number;
  titleDocs: number;
  /** When the word is in no product and a close index word is: that word ("geladera" → "geladeira"). */
  correctedTo?: string;
  /**
   * When some alternatives are loose (the words a partial last word begins, a typo's other
   * candidates): the exact ones apart, with their counts. The exact ranking groups read these
   * ("a15" before the a155 it begins, "cafe" before "cafeteira"). Absent: every one is exact.
   */
  exact?: Pick<SearchWord, 'alternatives' | 'docs' | 'namingDocs' | 'titleDocs'>;
}

/** A word of the search index with its products in any text column, in the naming columns and in the title (upper bounds). */
export type IndexWord = [word: string, docs: number, namingDocs: number, titleDocs: number];

/** What a query's words are resolved against: the catalog's index words and its synonyms. */
export interface Vocabulary {
  /** One index word, if the index has it. */
  word(word: string): IndexWord | undefined;
  /** Index words beginning with `prefix` (itself included), most frequent first. */
  wordsStartingWith(prefix: string, limit: number): IndexWord[];
  /** Index words in [from, to) of a length in [minLength, maxLength]: the candidates a typo may stand for. */
  wordsBetween(from: string, to: string, minLength: number, maxLength: number): IndexWord[];
  /** The built-in synonyms and the operator's (the export's synonyms file). */
  synonyms: SynonymTable;
}
