import type { Database } from 'better-sqlite3';

/**
 * Writes the planner's statistics (sqlite_stat1) as `ANALYZE` would, from a sample of each index
 * (analysis_limit) rather than a full scan, but for the products table's row count, which the load
 * counted: `ANALYZE` counts a table's rows by walking all its pages, 0.28 s of the 400 MB of a
 * million products (docs/benchmarks.md, "The build"). Every other table is analysed as `ANALYZE`
 * does it, in a few milliseconds each (short rows, few pages).
 */
export function writePlannerStatistics(db: Database, productRows: number): void {
  db.pragma('analysis_limit = 1000');
  const names = (sql: string) => db.prepare(sql).pluck().all() as string[];
  const tables = names(
    `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       AND name <> 'products' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'`,
  );
  const productIndexes = names(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'products' AND sql IS NOT NULL`);
  for (const name of [...tables, ...productIndexes]) db.exec(`ANALYZE main."${name}"`);
  db.prepare(`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('products', NULL, ?)`).run(String(productRows));
}
