import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { SNAPSHOT_SCHEMA_VERSION } from '../../src/catalog-read/snapshot-schema.ts';
import { loadConfig } from '../../src/config/config.ts';
import { nodePlatform } from '../../src/platform/node/node-platform.ts';

/** The app's Web face, a real Request in, against snapshots that cannot be served. */
async function statsWith(catalogDb: string) {
  const written: string[] = [];
  const platform = { ...nodePlatform(), logOutput: (line: string) => written.push(line) };
  const app = createApp(loadConfig({ CATALOG_DB: catalogDb, RATE_LIMITS: 'off' }), platform);
  const response = await app.fetch(new Request('http://localhost/api/public/v1/products/1/stats'));
  const calls = written.filter((text) => text.includes('"level":"error"')).length;
  return { response, body: (await response.json()) as Record<string, string>, logged: calls };
}

describe('REST core with an unusable snapshot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-broken-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 500 INTERNAL_ERROR for a file that is not a database, and logs why', async () => {
    const file = join(dir, 'garbage.sqlite');
    writeFileSync(file, 'this is not a SQLite database'.repeat(200));
    const { response, body, logged } = await statsWith(file);
    expect(response.status).toBe(500);
    expect(body).toEqual({
      error: 'Internal server error',
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
      resolution: expect.any(String),
    });
    expect(logged).toBeGreaterThan(0);
  });

  it('answers 500 for a snapshot of an unknown schema version', async () => {
    const file = join(dir, 'old.sqlite');
    const db = new Database(file);
    db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('schema_version', '0')");
    db.close();
    const { response, body } = await statsWith(file);
    expect(response.status).toBe(500);
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toMatch(/schema|sqlite/i);
  });

  it('refuses, by name, a snapshot of this version whose product columns are not the list’s', () => {
    const file = join(dir, 'other-columns.sqlite');
    const db = new Database(file);
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('schema_version', '${SNAPSHOT_SCHEMA_VERSION}');
      CREATE TABLE products (id INTEGER PRIMARY KEY)`);
    db.close();
    expect(() => openCatalog(file)).toThrow(/other product columns than this version reads: rebuild it/);
  });
});
