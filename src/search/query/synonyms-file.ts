import { MAX_SYNONYM_WORDS, termWords } from './synonyms.ts';

/*
 * The operator's synonyms file: an optional `synonyms.txt` in the catalog export, UTF-8, one group
 * of equivalent terms per line separated by commas (the equivalence lines of the Solr and
 * Elasticsearch synonym formats), `#` starting a comment line. docs/operations.md documents it.
 */

export const SYNONYMS_FILE = 'synonyms.txt';
/** Limits that keep a mistaken file (an export of the whole catalog, say) from slowing every search down. */
export const SYNONYMS_FILE_MAX_BYTES = 1024 * 1024;
const MAX_GROUPS = 5_000;
const MAX_MEMBERS = 32;
const MAX_MEMBER_LENGTH = 60;

export interface SynonymsFileIssue {
  line: number;
  message: string;
}

/** The file's groups, each member folded as a query is (termWords), or what is wrong with it, by line. */
export function parseSynonymsFile(text: string): { groups: string[][]; issues: SynonymsFileIssue[] } {
  const groups: string[][] = [];
  const issues: SynonymsFileIssue[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const problem = parseGroup(raw.trim(), groups);
    if (problem !== null) issues.push({ line: index + 1, message: problem });
  }
  return { groups, issues };
}

/** Adds the line's group to `groups`; what is wrong with the line, if anything. Blank and comment lines add nothing. */
function parseGroup(content: string, groups: string[][]): string | null {
  if (content === '' || content.startsWith('#')) return null;
  if (content.includes('=>')) return 'one-way mappings ("a => b") are not supported: list equivalent terms separated by commas';
  const members: string[] = [];
  for (const term of content.split(',').map((t) => t.trim())) {
    const words = termWords(term);
    if (term === '') return 'empty term (two commas in a row, or a comma at an end)';
    if (words.length === 0) return `"${term.slice(0, 40)}" has no searchable word (only stopwords or punctuation)`;
    if (words.length > MAX_SYNONYM_WORDS) return `"${term.slice(0, 40)}" has more than ${MAX_SYNONYM_WORDS} words`;
    const member = words.join(' ');
    if (member.length > MAX_MEMBER_LENGTH) return `"${term.slice(0, 40)}…" is longer than ${MAX_MEMBER_LENGTH} characters`;
    if (!members.includes(member)) members.push(member);
  }
  if (members.length < 2) return 'a group needs at least two different terms';
  if (members.length > MAX_MEMBERS) return `a group has at most ${MAX_MEMBERS} terms`;
  if (groups.length === MAX_GROUPS) return `at most ${MAX_GROUPS} groups`;
  groups.push(members);
  return null;
}
