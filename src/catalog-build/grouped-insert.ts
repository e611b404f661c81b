import type { Database } from 'better-sqlite3';

/** `INSERT INTO <table> (<columns>) VALUES (?, …), (?, …)`: `rows` rows of `columns.length` values. */
export const insertRows = (table: string, columns: readonly string[], rows = 1): string =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}`;

/**
 * Rows inserted `perStatement` at a time through one prepared multi-row INSERT, the last few one by
 * one when flushed: one statement call a row cost a fifth more of a million rows' inserts
 * (docs/benchmarks.md, "The build"). A row is `add`ed, or written by the caller into `values`
 * from `at` (no array a row), then `added()`. Flush before anything reads the table.
 */
export class GroupedInsert {
  readonly values: unknown[];
  private rows = 0;
  private readonly width: number;
  private readonly perStatement: number;
  private readonly group;
  private readonly single;

  constructor(db: Database, table: string, columns: readonly string[], perStatement: number) {
    this.width = columns.length;
    this.perStatement = perStatement;
    this.values = new Array(columns.length * perStatement);
    this.group = db.prepare(insertRows(table, columns, perStatement));
    this.single = db.prepare(insertRows(table, columns));
  }

  /** Adds a row of `columns.length` values. */
  add(...row: unknown[]): void {
    const at = this.at;
    for (let i = 0; i < this.width; i++) this.values[at + i] = row[i];
    this.added();
  }

  /** Where the next row's values go in `values`. */
  get at(): number {
    return this.rows * this.width;
  }

  added(): void {
    this.rows += 1;
    if (this.rows === this.perStatement) {
      this.group.run(this.values);
      this.rows = 0;
    }
  }

  flush(): void {
    const { width } = this;
    for (let i = 0; i < this.rows; i++) this.single.run(this.values.slice(i * width, (i + 1) * width));
    this.rows = 0;
  }
}
