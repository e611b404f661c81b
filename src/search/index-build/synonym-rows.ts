import type { Database } from 'better-sqlite3';

/**
 * The operator's synonym groups (the export's synonyms file, already read and folded) into the
 * snapshot's synonyms table (search-schema.ts), in the build's load transaction; the search index
 * reader joins them to the built-in groups when a server opens the snapshot.
 */
export function writeSynonyms(db: Database, groups: string[][]): void {
  const insertSynonym = db.prepare('INSERT INTO synonyms (group_id, position, member) VALUES (?, ?, ?)');
  for (const [g, group] of groups.entries()) {
    for (const [i, member] of group.entries()) insertSynonym.run(g + 1, i + 1, member);
  }
}
