/**
 * The rows of a statement that reads one page after a key (`… WHERE id > ? ORDER BY id LIMIT n`,
 * raw rows, the key first), page after page: all() on a page costs less per row than iterate()
 * (docs/benchmarks.md, "Compressed documents"), memory stays flat, and the connection is free
 * between pages (better-sqlite3 cannot write on a connection while one of its reads is open).
 */
export function* keysetRows<Row extends readonly [number, ...unknown[]]>(page: { all(after: number): unknown[] }): Generator<Row> {
  for (let after = 0; ; ) {
    const rows = page.all(after) as Row[];
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1]![0];
  }
}
