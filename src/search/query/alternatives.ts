import { pluralsOf, singularsOf } from './plurals.ts';
import { isNumberWithUnit } from './units.ts';
import type { SearchWord, Vocabulary } from './vocabulary.ts';

/** At most this many index words stand for one partial word: the most frequent ones. */
const MAX_ALTERNATIVES = 32;

type Counts = Pick<SearchWord, 'docs' | 'namingDocs' | 'titleDocs'>;

/**
 * What one thing the shopper asked for may match, collected without repeats, with upper bounds
 * of its products. Each alternative is index words that must all be present (usually one).
 * Alternatives are exact (the word, its forms and synonyms, what a typo stands for) or loose (the
 * words a partial last word begins, a typo's other candidates): loose ones rank below
 * (SearchWord.exact).
 */
export class Alternatives {
  readonly groups: string[][] = [];
  docs = 0;
  namingDocs = 0;
  titleDocs = 0;
  /** While false, what is added is loose. */
  exact = true;
  private readonly exactOnes: { alternatives: string[][] } & Counts = { alternatives: [], docs: 0, namingDocs: 0, titleDocs: 0 };
  private readonly seen = new Set<string>();
  private readonly vocabulary: Vocabulary;

  constructor(vocabulary: Vocabulary) {
    this.vocabulary = vocabulary;
  }

  /** The counts, and the exact alternatives apart when some are loose. */
  counts(): Counts & Pick<SearchWord, 'exact'> {
    const all = { docs: this.docs, namingDocs: this.namingDocs, titleDocs: this.titleDocs };
    const loose = this.exactOnes.alternatives.length < this.groups.length;
    return loose ? { ...all, exact: { ...this.exactOnes } } : all;
  }

  /** Adds index words that must all match; only when each is in the index (`always`: added anyway). */
  add(words: string[], always = false): boolean {
    const key = words.join(' ');
    if (this.seen.has(key)) return false;
    const counts = words.map((w) => this.vocabulary.word(w));
    const known = counts.every((c) => c !== undefined);
    if (!known && !always) return false;
    this.seen.add(key);
    const kept: Counts = known
      ? {
          docs: Math.min(...counts.map((c) => c![1])),
          namingDocs: Math.min(...counts.map((c) => c![2])),
          titleDocs: Math.min(...counts.map((c) => c![3])),
        }
      : { docs: 0, namingDocs: 0, titleDocs: 0 };
    this.keep(words, kept, this.exact);
    return true;
  }

  private keep(words: string[], counts: Counts, exact: boolean) {
    this.groups.push(words);
    if (exact) this.exactOnes.alternatives.push(words);
    for (const into of exact ? [this, this.exactOnes] : [this]) {
      into.docs += counts.docs;
      into.namingDocs += counts.namingDocs;
      into.titleDocs += counts.titleDocs;
    }
  }

  /**
   * Adds the index words a partial word begins, most frequent first, with their counts: loose,
   * but for a number, the number written with a unit ("128" → 128gb), which is the number.
   */
  addPrefixes(prefix: string) {
    for (const [w, docs, namingDocs, titleDocs] of this.vocabulary.wordsStartingWith(prefix, MAX_ALTERNATIVES)) {
      if (this.seen.has(w)) continue;
      this.seen.add(w);
      this.keep([w], { docs, namingDocs, titleDocs }, this.exact && isNumberWithUnit(prefix, w));
    }
  }

  /** A word in its singular and plural forms that the index has. */
  addForms(word: string) {
    const singulars = singularsOf(word);
    for (const form of [word, ...singulars, ...[word, ...singulars].flatMap(pluralsOf)]) this.add([form]);
  }

  /** A word's synonyms, of it and of its singulars, a synonym of one word in its forms too. */
  addSynonyms(word: string) {
    for (const base of [word, ...singularsOf(word)]) {
      for (const synonym of this.vocabulary.synonyms.of(base)) {
        if (synonym.length === 1) this.addForms(synonym[0]!);
        else this.add(synonym);
      }
    }
  }
}
