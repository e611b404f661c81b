import { ACCESSORY_MARK, FACET_TOKEN_SHAPE } from '../tokens/facet-tokens.ts';
import { asksForAccessory } from './accessories.ts';
import { Alternatives } from './alternatives.ts';
import { firstSoundCorrections, joinedInIndex, splitIntoKnown, typoCorrections } from './corrections.ts';
import { foldedWords, GENERIC_WORDS, STOPWORDS } from './query-words.ts';
import { isUnit, unitAlternatives } from './units.ts';
import type { SearchWord, Vocabulary } from './vocabulary.ts';

/** At most this many words of a query are searched; the rest are reported as ignored. */
export const MAX_TERMS = 8;
/** Longer "words" are cut: no product text has them, and they would only slow the index down. */
const MAX_TERM_LENGTH = 40;
/**
 * The query's last word also matches the words it begins ("gel" finds "geladeira"): how partial
 * words are found while typing. Only the last, as Algolia (queryType prefixLast, its default) and
 * Meilisearch do: an earlier word is complete, and "costura" in "maquina de costura" must not
 * find "costurada". Shorter words match whole only: a one- or two-letter prefix would stand for
 * thousands of index words.
 */
const MIN_PREFIX_LENGTH = 3;

export interface SearchTerms {
  /** The words searched, folded ("geladeira", "frost"). */
  terms: string[];
  /** Words left out: stopwords, generic words beside a kind ("aparelho"), and words beyond MAX_TERMS. */
  ignored: string[];
  /** The text had words, all of them stopwords ("e com"): nothing to search for. */
  onlyStopwords: boolean;
  /** The text had no word at all, only symbols or emoji ("😀", "!!!"): nothing to search for either. */
  noWords: boolean;
}

/**
 * Splits user text into words exactly as the index's tokenizer does (letters and digits, accents
 * and case folded), so nothing of the user's text can reach FTS5 as syntax: quotes, operators,
 * column filters, NUL and the like are separators here. With the vocabulary, a model's letter
 * written apart from its number is joined to it (modelsJoined).
 */
export function searchTerms(query: string, vocabulary?: Pick<Vocabulary, 'word'>): SearchTerms {
  const words = modelsJoined(
    foldedWords(query.slice(0, 2000)).map((w) => w.slice(0, MAX_TERM_LENGTH)),
    vocabulary,
  );
  const unique = [...new Set(words)];
  // Stopwords are never searched: in most products each, they say nothing of what is sought, and
  // a query of them alone would match most of the catalog ("e com"); it is answered as such.
  const kept = unique.filter((w) => !STOPWORDS.has(w));
  // A generic word ("aparelho") is left out beside a word that names the kind.
  const named = kept.filter((w) => !GENERIC_WORDS.has(w));
  const searched = named.length > 0 ? named : kept;
  return {
    terms: searched.slice(0, MAX_TERMS),
    ignored: [...unique.filter((w) => !searched.includes(w)), ...searched.slice(MAX_TERMS)],
    onlyStopwords: unique.length > 0 && kept.length === 0,
    noWords: unique.length === 0 && query.trim().length > 0,
  };
}

/**
 * A model's letter written apart from its number ("galaxy a 15", "galaxy a-15", "moto e 13"):
 * joined when the index has them joined (a15, e13), as the letter alone is a stopword and would be
 * lost. After a number the letter is a word ("caderno 1 a 4 matérias" is not an A4 paper). A
 * letter that is no stopword ("moto g 84") is kept and read with its neighbour as the index joins
 * them (expandWords).
 */
function modelsJoined(words: string[], vocabulary?: Pick<Vocabulary, 'word'>): string[] {
  if (vocabulary === undefined) return words;
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const [before, letter, number] = [words[i - 1] ?? '', words[i]!, words[i + 1] ?? ''];
    const model = letter.length === 1 && STOPWORDS.has(letter) && /^\d+$/.test(number) && !/^\d+$/.test(before);
    if (model && vocabulary.word(letter + number)) {
      joined.push(letter + number);
      i++;
    } else joined.push(letter);
  }
  return joined;
}

/**
 * What a misspelt word stands for: its candidates' forms and synonyms; the first that the index
 * has is named, and is exact (ranked as if typed); the others are loose, ranked below it.
 */
function correctedTo(vocabulary: Vocabulary, word: string, candidates: string[]): SearchWord | null {
  const found = new Alternatives(vocabulary);
  let to: string | undefined;
  for (const candidate of candidates) {
    const before = found.docs;
    found.exact = to === undefined;
    found.addForms(candidate);
    found.addSynonyms(candidate);
    if (found.docs > before) to ??= candidate;
  }
  return to === undefined ? null : { word, alternatives: found.groups, ...found.counts(), correctedTo: to };
}

/** Shorter words are not split into two index words when the index has them as written. */
const MIN_SPLIT_LENGTH = 6;

/** What one unit of the query stands for in the index; `joined`: the word written as one with its neighbour, in the index. */
function expandUnit(vocabulary: Vocabulary, words: string[], last: boolean, joined: string[] = []): SearchWord {
  const word = words.join(' ');
  const found = new Alternatives(vocabulary);
  if (words.length > 1) {
    // Words that go together: a synonym phrase, or a number and its unit.
    const [number, unit] = words as [string, string];
    if (words.length === 2 && /^\d+$/.test(number) && isUnit(unit)) {
      // The first (inches: the number alone) is searched even when the index lacks it.
      const [first, ...others] = unitAlternatives(number, unit);
      found.add(first!, true);
      for (const other of others) found.add(other);
    } else found.add(words, true);
    for (const synonym of vocabulary.synonyms.of(word)) found.add(synonym);
    found.add([words.join('')]);
    return { word, alternatives: found.groups, ...found.counts() };
  }
  // The vocabulary leaves out words shaped like filter tokens: searched whole, count unknown.
  if (FACET_TOKEN_SHAPE.test(word)) return { word, alternatives: [[word]], docs: Infinity, namingDocs: Infinity, titleDocs: Infinity };
  // The word itself first: it is searched even when the index does not have it (no match then).
  found.add([word], true);
  found.addForms(word);
  if (last && word.length >= MIN_PREFIX_LENGTH) found.addPrefixes(word);
  found.addSynonyms(word);
  for (const both of joined) found.addForms(both);
  // A word the index has as written, and as two words of titles too ("pendrive", "Pen Drive").
  const titleWords =
    word.length >= MIN_SPLIT_LENGTH && /^\p{L}+$/u.test(word) && vocabulary.word(word) && splitIntoKnown(vocabulary, word, true);
  if (titleWords) found.add(titleWords);
  const withUnit = /^(\d+)([a-z]+)$/.exec(word);
  if (withUnit && isUnit(withUnit[2]!)) for (const other of unitAlternatives(withUnit[1]!, withUnit[2]!)) found.add(other);
  if (found.docs > 0) return { word, alternatives: found.groups, ...found.counts() };
  // In no product: a typo ("geladera"), a typo of a synonym ("televizao"), else two words
  // written as one ("guardaroupa").
  const typo = correctedTo(vocabulary, word, typoCorrections(vocabulary, word));
  if (typo) return typo;
  const parts = splitIntoKnown(vocabulary, word);
  if (parts) {
    // The two words as a phrase, and what the phrase stands for ("maquinadelavar": a lavadora too).
    found.add(parts);
    for (const synonym of vocabulary.synonyms.of(parts.join(' '))) found.add(synonym);
  }
  if (found.docs > 0) return { word, alternatives: found.groups, ...found.counts() };
  // Nothing else fits: the first sound spelt another way ("xuveiro", "kafeteira").
  return correctedTo(vocabulary, word, firstSoundCorrections(vocabulary, word)) ?? { word, alternatives: found.groups, ...found.counts() };
}

/**
 * The query's words as the index has them. Words that go together are read as one: a synonym
 * phrase ("fritadeira eletrica"), a number and its unit ("500 ml"). Each then stands for its
 * forms, the words it begins (the last word only), its synonyms, the words it joins or splits
 * into; a word no product has, for the closest index words or synonyms (a typo). `prefixLast`
 * false: the last word is whole too (a word from the catalog, not typed). FTS5's own prefix
 * query would merge all of those words' lists before reading one match, and again for every
 * query a search runs.
 */
export function expandWords(vocabulary: Vocabulary, terms: string[], { prefixLast = true } = {}): SearchWord[] {
  const spans: [from: number, to: number][] = [];
  for (let i = 0; i < terms.length; ) {
    const run = vocabulary.synonyms.runAt(terms, i);
    const length = run > 0 ? run : /^\d+$/.test(terms[i]!) && isUnit(terms[i + 1] ?? '') ? 2 : 1;
    spans.push([i, i + length]);
    i += length;
  }
  // Two words of their own that the index has as one: each of the two also matches it, so a
  // product titled "Pendrive" has both "pen" and "drive" of the query.
  const joined = joinedInIndex(vocabulary, terms);
  const single = (span: [number, number] | undefined) => span !== undefined && span[1] - span[0] === 1;
  return spans.map(([from, to], k) => {
    const withNext = single(spans[k]) && single(spans[k + 1]) ? joined.get(from) : undefined;
    const withPrevious = single(spans[k]) && single(spans[k - 1]) ? joined.get(from - 1) : undefined;
    const both = [withPrevious, withNext].filter((w) => w !== undefined);
    return expandUnit(vocabulary, terms.slice(from, to), prefixLast && to === terms.length, both);
  });
}

/**
 * Where the words are looked for, one ranking group each: the title, then what names the product
 * (title, category, brand), then any text column. Never the facets column: a user's words must not
 * match filter tokens. The exact groups come before the title and naming groups in the same
 * columns: each word by its exact alternatives only, and no accessory's title the query does not
 * ask for (accessories.ts), so "galaxy a15" lists the phone before its case, "cafe" the coffee
 * before the coffee maker it begins.
 */
export const RANKED_COLUMNS = {
  titleExact: '{title}',
  title: '{title}',
  namingExact: '{title category brand}',
  naming: '{title category brand}',
  any: '{title description category brand}',
} as const;
export type Columns = keyof typeof RANKED_COLUMNS;
export const isExact = (columns: Columns) => columns === 'titleExact' || columns === 'namingExact';

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;
const allOf = (words: string[]) => (words.length === 1 ? quoted(words[0]!) : `(${words.map(quoted).join(' AND ')})`);
const anyOf = (groups: string[][]) => (groups.length === 1 ? allOf(groups[0]!) : `(${groups.map(allOf).join(' OR ')})`);

export interface ExpressionParts {
  words: SearchWord[];
  /** Where the words must all be (any text column when not given). */
  columns?: Columns;
  /** Filter tokens that must all be present (k3, c1t2). */
  facets: string[];
  /** Groups of filter tokens, one of each group present: merchants near a point (m17 OR m18 …), a place's tiers, price bands. */
  anyFacets?: string[][];
}

/** The words' clause: in an exact group, each word by its exact alternatives. */
function wordsClause(words: SearchWord[], columns: Columns): string {
  const exact = isExact(columns);
  const each = words.map((w) => anyOf(exact && w.exact && w.exact.alternatives.length > 0 ? w.exact.alternatives : w.alternatives));
  return `${RANKED_COLUMNS[columns]} : (${each.join(' AND ')})`;
}

/**
 * An FTS5 MATCH expression from trusted parts: folded words, and tokens we made ourselves. An
 * exact group leaves out titles and categories with an accessory word not asked for, by a NOT of
 * their mark around the whole expression: FTS5 then seeks the mark's long list only for rows that
 * match every word and filter. Inside, beside the words alone, it sought it for every row of the
 * words, and a tier of few matches cost three times its read (docs/benchmarks.md, "Search since
 * the offers").
 */
export function searchExpression(parts: ExpressionParts): string {
  const clauses: string[] = [];
  const columns = parts.columns ?? 'any';
  if (parts.words.length > 0) clauses.push(wordsClause(parts.words, columns));
  if (parts.facets.length > 0) clauses.push(`facets : (${parts.facets.join(' AND ')})`);
  for (const group of parts.anyFacets ?? []) if (group.length > 0) clauses.push(`facets : (${group.join(' OR ')})`);
  const expression = clauses.join(' AND ');
  const noAccessory = parts.words.length > 0 && isExact(columns) && !asksForAccessory(parts.words);
  return noAccessory ? `(${expression}) NOT facets : ${ACCESSORY_MARK}` : expression;
}
