import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GroupedInsert, insertRows } from './grouped-insert.ts';

describe('grouped inserts', () => {
  it('writes a statement of as many rows as asked, one group of placeholders a row', () => {
    expect(insertRows('t', ['a', 'b'])).toBe('INSERT INTO t (a, b) VALUES (?, ?)');
    expect(insertRows('t', ['a', 'b'], 3)).toBe('INSERT INTO t (a, b) VALUES (?, ?), (?, ?), (?, ?)');
  });

  it('inserts every full group as it fills, and the rest one by one when flushed', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    const rows = new GroupedInsert(db, 't', ['id', 'name'], 4);
    const count = () => db.prepare('SELECT count(*) FROM t').pluck().get();
    for (let id = 1; id <= 10; id++) {
      rows.values[rows.at] = id;
      rows.values[rows.at + 1] = `n${id}`;
      rows.added();
      // Nothing reaches the table until a group of four is complete.
      expect(count()).toBe(Math.floor(id / 4) * 4);
    }
    rows.flush();
    expect(db.prepare('SELECT id, name FROM t ORDER BY id').all()).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `n${i + 1}` })),
    );
    // Flushed: the next row starts a new group, and a second flush inserts nothing twice.
    rows.flush();
    expect(count()).toBe(10);
    expect(rows.at).toBe(0);
  });
});
