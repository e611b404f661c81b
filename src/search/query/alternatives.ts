import { pluralsOf, singularsOf } from './plurals.ts';
import type { SearchWord, Vocabulary } from './vocabulary.ts';

/** At most this many index words stand for one partial word: the most frequent ones. */
const MAX_ALTERNATIVES = 32;

/**
 * What one thing the shopper asked for may match, collected without repeats, with upper bounds
 * of its products. Each alternative is index words that must all be present (usually one).
 */
export class Alternatives {
  readonly groups: string[][] = [];
  docs = 0;
  namingDocs = 0;
  titleDocs = 0;
  private readonly seen = new Set<string>();
  private readonly vocabulary: Vocabulary;

  constructor(vocabulary: Vocabulary) {
    this.vocabulary = vocabulary;
  }

  counts(): Pick<SearchWord, 'docs' | 'namingDocs' | 'titleDocs'> {
    return { docs: this.docs, namingDocs: this.namingDocs, titleDocs: this.titleDocs };
  }

  /** Adds index words that must all match; only when each is in the index (`always`: added anyway). */
  add(words: string[], always = false): boolean {
    const key = words.join(' ');
    if (this.seen.has(key)) return false;
    const counts = words.map((w) => this.vocabulary.word(w));
    const known = counts.every((c) => c !== undefined);
    if (!known && !always) return false;
    this.seen.add(key);
    this.groups.push(words);
    if (known) {
      this.docs += Math.min(...counts.map((c) => c![1]));
      this.namingDocs += Math.min(...counts.map((c) => c![2]));
      this.titleDocs += Math.min(...counts.map((c) => c![3]));
    }
    return true;
  }

  /** Adds the index words a partial word begins, most frequent first, with their counts. */
  addPrefixes(prefix: string) {
    for (const [w, docs, namingDocs, titleDocs] of this.vocabulary.wordsStartingWith(prefix, MAX_ALTERNATIVES)) {
      if (this.seen.has(w)) continue;
      this.seen.add(w);
      this.groups.push([w]);
      this.docs += docs;
      this.namingDocs += namingDocs;
      this.titleDocs += titleDocs;
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
