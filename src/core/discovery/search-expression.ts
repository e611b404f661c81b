import { foldKey } from '../../catalog/text-keys.ts';

/** At most this many words of a query are searched; the rest are reported as ignored. */
export const MAX_TERMS = 8;
/** Longer "words" are cut: no product text has them, and they would only slow the index down. */
const MAX_TERM_LENGTH = 40;
/**
 * Words shorter than this match whole only: a one- or two-letter prefix ("c*") would expand to
 * thousands of index terms. From three letters on, a word also matches as a prefix ("gel" finds
 * "geladeira"), which is how partial words are found.
 */
const MIN_PREFIX_LENGTH = 3;

/** Portuguese words that carry no meaning for a product search ("geladeira de duas portas"). */
const STOPWORDS = new Set(['a', 'ao', 'as', 'com', 'da', 'das', 'de', 'do', 'dos', 'e', 'em', 'na', 'nas', 'no', 'nos', 'o', 'os', 'ou', 'para', 'pra', 'por', 'um', 'uma']);

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

/** Text columns: a user's words never match the filter tokens of the facets column. */
const TEXT_COLUMNS = '{title description category brand}';

const term = (word: string) => `"${word.replaceAll('"', '""')}"${word.length >= MIN_PREFIX_LENGTH ? '*' : ''}`;

export interface ExpressionParts {
  terms: string[];
  /** Match the words in titles only (the first, most relevant tier). */
  titleOnly?: boolean;
  /** Filter tokens that must all be present (c12, d345, k3). */
  facets: string[];
  /** Merchant tokens of which one must be present (m17 OR m18 …), for radius searches. */
  anyMerchant?: number[];
}

/** An FTS5 MATCH expression from trusted parts: folded words, and tokens we made ourselves. */
export function searchExpression(parts: ExpressionParts): string {
  const clauses: string[] = [];
  if (parts.terms.length > 0) {
    clauses.push(`${parts.titleOnly ? '{title}' : TEXT_COLUMNS} : (${parts.terms.map(term).join(' AND ')})`);
  }
  if (parts.facets.length > 0) clauses.push(`facets : (${parts.facets.join(' AND ')})`);
  if (parts.anyMerchant && parts.anyMerchant.length > 0) {
    clauses.push(`facets : (${parts.anyMerchant.map((id) => `m${id}`).join(' OR ')})`);
  }
  return clauses.join(' AND ');
}
