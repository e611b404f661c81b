import type { DiscoveryReader } from '../../../catalog/discovery-reader.ts';
import { foldKey } from '../../../catalog/text-keys.ts';

/** At most this many words of a query are searched; the rest are reported as ignored. */
export const MAX_TERMS = 8;
/** Longer "words" are cut: no product text has them, and they would only slow the index down. */
const MAX_TERM_LENGTH = 40;
/**
 * Words shorter than this match whole only: a one- or two-letter prefix would stand for thousands
 * of index words. From three letters on, a word also matches the words it begins ("gel" finds
 * "geladeira"), which is how partial words are found.
 */
const MIN_PREFIX_LENGTH = 3;

/** Portuguese words that carry no meaning for a product search ("geladeira de duas portas"). */
const STOPWORDS = new Set([
  'a',
  'ao',
  'as',
  'com',
  'da',
  'das',
  'de',
  'do',
  'dos',
  'e',
  'em',
  'na',
  'nas',
  'no',
  'nos',
  'o',
  'os',
  'ou',
  'para',
  'pra',
  'por',
  'um',
  'uma',
]);

export interface SearchTerms {
  /** The words searched, folded ("geladeira", "frost"). */
  terms: string[];
  /** Words left out: stopwords, and words beyond MAX_TERMS. */
  ignored: string[];
}

/**
 * Splits user text into words exactly as the index's tokenizer does (letters and digits, accents
 * and case folded), so nothing of the user's text can reach FTS5 as syntax: quotes, operators,
 * column filters, NUL and the like are separators here.
 */
export function searchTerms(query: string): SearchTerms {
  const words = foldKey(query.slice(0, 2000))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_TERM_LENGTH));
  const unique = [...new Set(words)];
  const meaningful = unique.filter((w) => !STOPWORDS.has(w));
  // A query of stopwords only ("de") is still searched for what it says.
  const kept = meaningful.length > 0 ? meaningful : unique;
  return {
    terms: kept.slice(0, MAX_TERMS),
    ignored: [...unique.filter((w) => !kept.includes(w)), ...kept.slice(MAX_TERMS)],
  };
}

/** At most this many index words stand for one partial word: the most frequent ones. */
const MAX_ALTERNATIVES = 32;

/** Filter tokens (snapshot-schema.ts, search_words): c, d, k or m then a digit. */
const FILTER_TOKEN_SHAPE = /^[cdkm][0-9]/;

/** A word of the query and the index words it stands for. */
export interface SearchWord {
  word: string;
  /** The word itself, and from MIN_PREFIX_LENGTH letters on the index words it begins. */
  alternatives: string[];
  /** Products with any of the alternatives, in any text column and in titles: upper bounds. */
  docs: number;
  titleDocs: number;
}

/**
 * Partial words: "gela" is searched as "gela" OR "geladeira" OR "gelatina", the index words it
 * begins (search_words in the snapshot). FTS5's own prefix query would merge all of those words'
 * lists before reading one match, and again for every query a search runs.
 */
export function expandWords(reader: Pick<DiscoveryReader, 'wordsStartingWith' | 'word'>, terms: string[]): SearchWord[] {
  return terms.map((word) => {
    // The vocabulary leaves out words shaped like filter tokens: searched whole, count unknown.
    if (FILTER_TOKEN_SHAPE.test(word)) return { word, alternatives: [word], docs: Infinity, titleDocs: Infinity };
    const found =
      word.length >= MIN_PREFIX_LENGTH
        ? reader.wordsStartingWith(word, MAX_ALTERNATIVES)
        : [reader.word(word)].filter((w) => w !== undefined);
    return {
      word,
      // The word itself first: it is searched even when the index does not have it (no match then).
      alternatives: [word, ...found.map(([w]) => w).filter((w) => w !== word)],
      docs: found.reduce((sum, [, docs]) => sum + docs, 0),
      titleDocs: found.reduce((sum, [, , titleDocs]) => sum + titleDocs, 0),
    };
  });
}

/** Text columns: a user's words never match the filter tokens of the facets column. */
const TEXT_COLUMNS = '{title description category brand}';

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;
const anyOf = (words: string[]) => (words.length === 1 ? quoted(words[0]!) : `(${words.map(quoted).join(' OR ')})`);

export interface ExpressionParts {
  words: SearchWord[];
  /** Match the words in titles only (the first, most relevant group). */
  titleOnly?: boolean;
  /** Filter tokens that must all be present (k3, c1t2). */
  facets: string[];
  /** Merchant tokens of which one must be present (m17 OR m18 …), for radius searches. */
  anyMerchant?: number[];
}

/** An FTS5 MATCH expression from trusted parts: folded words, and tokens we made ourselves. */
export function searchExpression(parts: ExpressionParts): string {
  const clauses: string[] = [];
  if (parts.words.length > 0) {
    clauses.push(`${parts.titleOnly ? '{title}' : TEXT_COLUMNS} : (${parts.words.map((w) => anyOf(w.alternatives)).join(' AND ')})`);
  }
  if (parts.facets.length > 0) clauses.push(`facets : (${parts.facets.join(' AND ')})`);
  if (parts.anyMerchant && parts.anyMerchant.length > 0) {
    clauses.push(`facets : (${parts.anyMerchant.map((id) => `m${id}`).join(' OR ')})`);
  }
  return clauses.join(' AND ');
}
