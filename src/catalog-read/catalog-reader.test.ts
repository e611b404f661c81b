import { copyFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validFixture, writeExport } from '../../tests/support/fixture-export.ts';
import { buildSnapshot } from '../catalog-build/build-snapshot.ts';
import { type CatalogReader, fileIdentity, lazyCatalog, openCatalog, SnapshotError } from './catalog-reader.ts';
import { SNAPSHOT_SCHEMA_VERSION } from './snapshot-schema.ts';

/*
 * The reader on real snapshots of the tests' small export (tests/support/fixture-export.ts), built
 * once for the file: product 1 (merchant 1) published with counters, product 2 (merchant 2) a
 * draft. `changed` is the same export with other counters, for a rebuild swapped in.
 */
const dir = mkdtempSync(join(tmpdir(), 'catalog-reader-'));
const first = join(dir, 'first.sqlite');
const changed = join(dir, 'changed.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const build = async (outFile: string, views: number) => {
    const fixture = validFixture();
    fixture.engagement[0]!.views = views;
    const result = await buildSnapshot({
      sourceDir: writeExport(fixture, {}, { dir: join(dir, `export-${views}`) }),
      outFile,
      now: () => new Date('2026-01-02T03:04:05Z'),
      searchIndexParts: 1,
    });
    expect(result.ok).toBe(true);
  };
  await build(first, 120);
  await build(changed, 999);
});

/** A copy of a built snapshot at a path of its own. */
let copies = 0;
function copyOf(file: string): string {
  const path = join(dir, `copy-${++copies}.sqlite`);
  copyFileSync(file, path);
  return path;
}

describe('openCatalog', () => {
  let reader: CatalogReader;
  beforeAll(() => {
    reader = openCatalog(first);
  });
  afterAll(() => reader.close());

  it("reads the snapshot's stamp: version, generation time, fingerprint, image origins", () => {
    expect(reader.meta.generatedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(reader.meta.catalogVersion).toMatch(/\S/);
    expect(reader.sourceFingerprint).toMatch(/\S/);
    expect(reader.imageOrigins).toEqual(['https://img.exemplo-catalogo.com.br']);
    // Another export, another version; the same generation time.
    const other = openCatalog(changed);
    expect(other.meta.catalogVersion).not.toBe(reader.meta.catalogVersion);
    other.close();
  });

  it("reads a product's counters, and nothing for a product without them", () => {
    expect(reader.productEngagement(1)).toEqual({ views: 120, likes: 14, dislikes: 2 });
    for (const id of [0, 3, 9007199254740991]) expect(reader.productEngagement(id), String(id)).toBeUndefined();
  });

  it("reads a merchant's totals over its published products only", () => {
    expect(reader.merchantTotals(1)).toEqual({ productsCount: 1, storesCount: 1, views: 120, likes: 14, dislikes: 2 });
    // Merchant 2's one product is a draft: a store, and nothing counted.
    expect(reader.merchantTotals(2)).toMatchObject({ productsCount: 0, storesCount: 1, views: 0, likes: 0, dislikes: 0 });
    expect(reader.merchantTotals(3)).toBeUndefined();
  });

  it('holds its shared lock for its life: a writer cannot get in', () => {
    const writer = new Database(first, { fileMustExist: true, timeout: 0 });
    expect(() => writer.exec("UPDATE meta SET value = 'x' WHERE key = 'generated_at'")).toThrow(/locked|busy/i);
    writer.close();
  });

  it('closes: no read after close()', () => {
    const own = openCatalog(copyOf(first));
    own.close();
    expect(() => own.productEngagement(1)).toThrow();
  });
});

describe('openCatalog refuses a file it cannot serve, saying which and why', () => {
  it('a missing file', () => {
    const file = join(dir, 'missing.sqlite');
    expect(() => openCatalog(file)).toThrow(SnapshotError);
    expect(() => openCatalog(file)).toThrow(`cannot open the catalog snapshot ${file}`);
  });

  it('a file that is not a database', () => {
    const file = join(dir, 'garbage.sqlite');
    writeFileSync(file, 'this is not a SQLite database'.repeat(200));
    expect(() => openCatalog(file)).toThrow(SnapshotError);
    expect(() => openCatalog(file)).toThrow(`catalog snapshot ${file} is unreadable`);
  });

  it('a database without the snapshot tables', () => {
    const file = join(dir, 'empty.sqlite');
    new Database(file).close();
    expect(() => openCatalog(file)).toThrow(/is unreadable: no such table: meta/);
  });

  it('a snapshot of another schema version, or of none: rebuild it', () => {
    const old = copyOf(first);
    const db = new Database(old);
    db.prepare("UPDATE meta SET value = '0' WHERE key = 'schema_version'").run();
    db.close();
    expect(() => openCatalog(old)).toThrow(`catalog snapshot ${old} has schema version 0, expected ${SNAPSHOT_SCHEMA_VERSION}: rebuild it`);
    const none = copyOf(first);
    const db2 = new Database(none);
    db2.prepare("DELETE FROM meta WHERE key = 'schema_version'").run();
    db2.close();
    expect(() => openCatalog(none)).toThrow(/has schema version none/);
    // A refused file is closed again: nothing holds its lock.
    const writer = new Database(old, { timeout: 0 });
    writer.prepare(`UPDATE meta SET value = '${SNAPSHOT_SCHEMA_VERSION}' WHERE key = 'schema_version'`).run();
    writer.close();
    const reopened = openCatalog(old);
    expect(reopened.productEngagement(1)).toMatchObject({ views: 120 });
    reopened.close();
  });

  it('a snapshot missing a table the reads need', () => {
    const file = copyOf(first);
    const db = new Database(file);
    db.exec('DROP TABLE merchant_stats');
    db.close();
    expect(() => openCatalog(file)).toThrow(/is unreadable: no such table: merchant_stats/);
  });
});

describe('lazyCatalog', () => {
  it('opens on first use, not before, and keeps one reader', () => {
    const catalog = lazyCatalog(copyOf(first));
    expect(catalog.current()).toBeNull();
    expect(catalog.refresh()).toBe('unchanged');
    const reader = catalog();
    expect(catalog()).toBe(reader);
    expect(catalog.current()).toEqual(reader.meta);
    catalog.close();
    expect(catalog.current()).toBeNull();
  });

  it('does not cache a failed open: the next use tries again', () => {
    const file = join(dir, 'later.sqlite');
    const catalog = lazyCatalog(file);
    expect(() => catalog()).toThrow(SnapshotError);
    copyFileSync(first, file);
    expect(catalog().productEngagement(1)).toMatchObject({ views: 120 });
    catalog.close();
  });

  it('swaps in a snapshot renamed over its file; requests that took the old reader keep it until it is released', async () => {
    const file = copyOf(first);
    const catalog = lazyCatalog(file, { releaseAfterMs: 50 });
    const old = catalog();
    expect(catalog.refresh()).toBe('unchanged');
    renameSync(copyOf(changed), file);
    expect(catalog.refresh()).toBe('swapped');
    expect(catalog().productEngagement(1)).toMatchObject({ views: 999 });
    expect(catalog.current()).toEqual(catalog().meta);
    expect(catalog.refresh()).toBe('unchanged');
    // The old reader still answers for a while, then is closed.
    expect(old.productEngagement(1)).toMatchObject({ views: 120 });
    await vi.waitFor(() => expect(() => old.productEngagement(1)).toThrow(), { timeout: 2000, interval: 20 });
    catalog.close();
  });

  it('keeps the old reader when the new file cannot be opened, logs why, and tries again on the next refresh', () => {
    const file = copyOf(first);
    const log = vi.fn();
    const catalog = lazyCatalog(file, { log });
    const reader = catalog();
    const broken = join(dir, 'broken.sqlite');
    writeFileSync(broken, 'not a database'.repeat(300));
    renameSync(broken, file);
    expect(catalog.refresh()).toBe('failed');
    expect(catalog()).toBe(reader);
    expect(reader.productEngagement(1)).toMatchObject({ views: 120 });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^a new snapshot is in place but cannot be opened yet: .*unreadable/));
    renameSync(copyOf(changed), file);
    expect(catalog.refresh()).toBe('swapped');
    expect(catalog().productEngagement(1)).toMatchObject({ views: 999 });
    catalog.close();
  });

  it('keeps the old reader when the acceptance check refuses the new snapshot (or the open one), logs why, and weighs the file again next time', () => {
    const file = copyOf(first);
    const log = vi.fn();
    const catalog = lazyCatalog(file, { log });
    const reader = catalog();
    const oldVersion = reader.meta.catalogVersion;
    renameSync(copyOf(changed), file);
    const refuse = (meta: { catalogVersion: string }) => (meta.catalogVersion === oldVersion ? null : `not ${meta.catalogVersion}`);
    expect(catalog.refresh(refuse)).toBe('failed');
    expect(catalog()).toBe(reader);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^not [0-9a-f]{16}$/));
    // A catalog not opened yet is opened to be weighed: documents taken up before the first request are checked too.
    const unopened = lazyCatalog(copyOf(first), { log });
    expect(unopened.current()).toBeNull();
    expect(unopened.refresh(() => 'not this one')).toBe('failed');
    expect(unopened.current()).not.toBeNull();
    unopened.close();
    // The open snapshot is weighed too, when the file did not change.
    const fresh = lazyCatalog(copyOf(first), { log });
    fresh();
    expect(fresh.refresh(() => 'documents of another catalog')).toBe('failed');
    expect(log).toHaveBeenLastCalledWith('documents of another catalog');
    expect(fresh.refresh(() => null)).toBe('unchanged');
    fresh.close();
    // Accepted later, the same file is taken up.
    expect(catalog.refresh(() => null)).toBe('swapped');
    expect(catalog().productEngagement(1)).toMatchObject({ views: 999 });
    catalog.close();
  });

  it('closes the readers it is releasing when it is closed', () => {
    const file = copyOf(first);
    const catalog = lazyCatalog(file, { releaseAfterMs: 60_000 });
    const old = catalog();
    renameSync(copyOf(changed), file);
    expect(catalog.refresh()).toBe('swapped');
    const current = catalog();
    catalog.close();
    expect(() => old.productEngagement(1)).toThrow();
    expect(() => current.productEngagement(1)).toThrow();
  });
});

describe('fileIdentity', () => {
  it('is null for no file, stable for one file, and another for a file renamed over it', () => {
    const file = copyOf(first);
    expect(fileIdentity(join(dir, 'none.sqlite'))).toBeNull();
    const identity = fileIdentity(file);
    expect(identity).toMatch(/^\d+:\d+:\d+:[\d.]+$/);
    expect(fileIdentity(file)).toBe(identity);
    renameSync(copyOf(first), file);
    expect(fileIdentity(file)).not.toBe(identity);
  });
});
