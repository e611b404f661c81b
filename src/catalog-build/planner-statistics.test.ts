import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_INDEXES, SNAPSHOT_POINTS, SNAPSHOT_TABLES } from '../catalog-read/snapshot-schema.ts';
import { SEARCH_TABLES } from '../search/index-build/search-schema.ts';
import { writePlannerStatistics } from './planner-statistics.ts';

/** A snapshot's tables and indexes with a few rows: products (some with a GTIN), their merchants and stores. */
function smallSnapshot(): Database.Database {
  const db = new Database(':memory:');
  db.exec(SNAPSHOT_TABLES);
  db.exec(SEARCH_TABLES);
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
    INSERT INTO products (id, merchant_id, title, description, category, category_id, brand, brand_id, price_cents, slug,
                          image_url, published_at, updated_at, gtin)
      SELECT i, i % 7 + 1, 'Produto ' || i, 'Descrição', 'Casa', 1, 'Marca', 1, 1000 + i, 'p-' || i, 'https://img.example/' || i,
             CASE WHEN i % 10 THEN '2025-01-01T00:00:00Z' END, '2025-01-01T00:00:00Z',
             CASE WHEN i % 3 = 0 THEN printf('%013d', i % 40) END
      FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 7)
    INSERT INTO merchants SELECT i, 'Loja ' || i, 'loja-' || i FROM n;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
    INSERT INTO stores SELECT i, i % 7 + 1, 'Loja', 'Rua', 'Pinheiros', 'São Paulo', 'SP', '05422-000', -23.56, -46.69, 1, 1 FROM n;
  `);
  db.exec(SNAPSHOT_POINTS);
  db.exec(SNAPSHOT_INDEXES);
  return db;
}

const statistics = (db: Database.Database) => db.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all();

describe('the planner statistics', () => {
  it('are what ANALYZE writes, the products counted by the load', () => {
    const analyzed = smallSnapshot();
    analyzed.exec('PRAGMA analysis_limit = 1000; ANALYZE');
    const written = smallSnapshot();
    writePlannerStatistics(written, 300);
    expect(statistics(written)).toEqual(statistics(analyzed));
    expect(statistics(written)).toContainEqual({ tbl: 'products', idx: null, stat: '300' });
    expect(statistics(written)).toContainEqual({ tbl: 'products', idx: 'products_by_gtin', stat: expect.stringMatching(/^90 /) });
  });
});
