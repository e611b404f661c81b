import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/catalog-build/build-issues.ts';
import { buildSnapshot, SnapshotWriteError } from '../../src/catalog-build/build-snapshot.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { buildSearchIndex } from '../../src/search/index-build/search-index-build.ts';
import { searchReaderOf } from '../../src/search/index-read/search-reader.ts';
import { FACET_TOKEN_SHAPE } from '../../src/search/tokens/facet-tokens.ts';
import { generateCatalog } from '../../tools/sample-catalog/generate.ts';
import { type Fixture, type FixtureLines, validFixture, writeExport } from '../support/fixture-export.ts';

let work: string;
let outFile: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'catalog-build-'));
  outFile = join(work, 'out', 'catalog.sqlite');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const build = (dir: string) => buildSnapshot({ sourceDir: dir, outFile, now: () => new Date('2026-01-02T03:04:05Z') });

/** Builds a broken export over a good snapshot; returns the located issues as text. */
// biome-ignore lint/suspicious/noConfusingVoidType: a mutation edits the fixture in place, or returns raw lines.
async function rejected(mutate: (f: Fixture) => FixtureLines | void): Promise<string[]> {
  expect((await build(writeExport(validFixture()))).ok).toBe(true);
  const before = readFileSync(outFile);
  const fixture = validFixture();
  const lines = mutate(fixture) ?? {};
  const result = await build(writeExport(fixture, lines));
  expect(result.ok).toBe(false);
  if (result.ok) return [];
  // The previous snapshot is untouched, byte for byte, and no temporary file is left behind.
  expect(readFileSync(outFile).equals(before)).toBe(true);
  expect(readdirSync(join(work, 'out'))).toEqual(['catalog.sqlite']);
  expect(result.issueCount).toBeGreaterThanOrEqual(result.issues.length);
  return result.issues.map(formatIssue);
}

describe('buildSnapshot', () => {
  it('builds a read-only-ready snapshot with counts, version, generation time and indexes', async () => {
    const result = await build(writeExport(validFixture()));
    expect(result).toMatchObject({
      ok: true,
      counts: { merchants: 2, stores: 2, products: 2, engagement: 2 },
      generatedAt: '2026-01-02T03:04:05.000Z',
    });
    const db = new Database(outFile, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    // Accent-insensitive full-text search and the geographic index are in place.
    // Drafts (product 2) are not searchable: the index's rows are the published products' (search_rows).
    const found =
      "SELECT r.product_id FROM products_fts f JOIN search_rows r ON r.ordinal = f.rowid WHERE products_fts MATCH 'eletronicos'";
    expect(db.prepare(found).pluck().all()).toEqual([1]);
    expect(db.prepare('SELECT ordinal, product_id FROM search_rows').raw().all()).toEqual([[1, 1]]);
    expect(db.prepare('SELECT id FROM stores_rtree WHERE min_lat > -23.58 AND max_lat < -23.55').all()).toEqual([{ id: 1 }]);
    // Places by folded key, with their published products; the product's filter tokens.
    expect(db.prepare('SELECT c.name, c.products_count AS n FROM stores s JOIN cities c ON c.id = s.city_id WHERE s.id = 1').get()).toEqual(
      { name: 'São Paulo', n: 1 },
    );
    expect(db.prepare('SELECT key FROM districts WHERE id = (SELECT district_id FROM stores WHERE id = 1)').pluck().get()).toBe(
      'pinheiros',
    );
    // Filter tokens: merchant, category, and place with popularity tier (one product: tier 1).
    expect(db.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'facets : (m1 AND k1 AND c1t1 AND d1t1)'").all()).toEqual([
      { rowid: 1 },
    ]);
    // The vocabulary: words of published products with their counts in any column and in title, category or brand,
    // and none of the filter tokens.
    const words = db
      .prepare('SELECT word, docs, naming_docs AS namingDocs, title_docs AS titleDocs FROM search_words ORDER BY word')
      .all() as { word: string }[];
    expect(words).toContainEqual({ word: 'fone', docs: 2, namingDocs: 1, titleDocs: 1 });
    expect(words).toContainEqual({ word: 'eletronicos', docs: 1, namingDocs: 1, titleDocs: 0 });
    expect(words.map((w) => w.word)).not.toContain('panelas');
    expect(words.filter((w) => FACET_TOKEN_SHAPE.test(w.word))).toEqual([]);
    db.close();
    const catalog = openCatalog(outFile);
    expect(catalog.meta.catalogVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(catalog.productEngagement(1)).toEqual({ views: 120, likes: 14, dislikes: 2 });
    // A draft keeps its counters for the statistics endpoint, and is not a published product.
    expect(catalog.productEngagement(2)).toEqual({ views: 30, likes: 1, dislikes: 0 });
    expect(catalog.discovery.counts.products).toBe(1);
    // Merchant totals count published products only (product 2 is a draft).
    expect(catalog.merchantTotals(2)).toEqual({ productsCount: 0, storesCount: 1, views: 0, likes: 0, dislikes: 0 });
  });

  it('gives the same catalog version to the same content, gzipped or not, and another to other content', async () => {
    const plain = await build(writeExport(validFixture()));
    const gzipped = await build(writeExport(validFixture(), {}, { gzip: true }));
    const changed = validFixture();
    changed.engagement[0]!.views += 1;
    const other = await build(writeExport(changed));
    expect(plain.ok && gzipped.ok && other.ok).toBe(true);
    if (plain.ok && gzipped.ok && other.ok) {
      expect(gzipped.catalogVersion).toBe(plain.catalogVersion);
      expect(other.catalogVersion).not.toBe(plain.catalogVersion);
    }
  });

  it('accepts CRLF line ends, a BOM and blank lines', async () => {
    const f = validFixture();
    const dir = writeExport(f);
    writeFileSync(join(dir, 'merchants.ndjson'), `\uFEFF${f.merchants.map((m) => JSON.stringify(m)).join('\r\n\r\n')}\r\n`);
    expect((await build(dir)).ok).toBe(true);
  });

  it('reports a bad JSON line with file and line', async () => {
    const issues = await rejected((f) => ({ products: [JSON.stringify(f.products[0]), '{"id": 2, "title": '] }));
    // The rejected product's counters then point nowhere: reported too, on their own line.
    expect(issues).toEqual([
      expect.stringMatching(/^products\.ndjson:2: invalid JSON/),
      'engagement.ndjson:2: productId: no product with id 2',
    ]);
  });

  it('keeps a product whose offer facts are bad: each bad value dropped alone, named with its product, field and reason', async () => {
    const fixture = validFixture();
    const [first, second] = fixture.products as Record<string, unknown>[];
    const price = first!.priceCents as number;
    Object.assign(first!, {
      availability: 'esgotado',
      listPriceCents: price,
      pixPriceCents: price - 100,
      installments: { count: 30, interestFree: true },
      condition: 'refurbished',
      gtin: '7891000315508',
    });
    Object.assign(second!, { availability: null, listPriceCents: (second!.priceCents as number) + 1000, gtin: '7891000315507' });
    const result = await build(writeExport(fixture));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.droppedCount).toBe(4);
    expect(result.dropped.map(formatIssue)).toEqual([
      expect.stringMatching(/^products\.ndjson:1: product 1: availability: dropped: /),
      `products.ndjson:1: product 1: listPriceCents: dropped: ${price} is not above priceCents (${price})`,
      expect.stringMatching(/^products\.ndjson:1: product 1: installments: dropped: count: Too big/),
      'products.ndjson:1: product 1: gtin: dropped: has a wrong check digit',
    ]);
    const db = new Database(outFile, { readonly: true });
    const row =
      'SELECT availability, list_price_cents, pix_price_cents, installments_count, installments_interest_free, condition, gtin FROM products WHERE id = ?';
    expect(db.prepare(row).raw().get(1)).toEqual([null, null, price - 100, null, null, 'refurbished', null]);
    expect(db.prepare(row).raw().get(2)).toEqual([null, (second!.priceCents as number) + 1000, null, null, null, null, '7891000315507']);
    db.close();
  });

  it('reports a missing field and wrong types by field', async () => {
    const issues = await rejected((f) => {
      delete (f.stores[1] as Partial<(typeof f.stores)[number]>).district;
      (f.products[0] as Record<string, unknown>).priceCents = '299,90';
      (f.merchants[0] as Record<string, unknown>).id = 1.5;
    });
    expect(issues).toContain('merchants.ndjson:1: id: Invalid input: expected int, received number');
    expect(issues).toContainEqual(expect.stringMatching(/^stores\.ndjson:2: district: /));
    expect(issues).toContainEqual(expect.stringMatching(/^products\.ndjson:1: priceCents: .*expected number/));
  });

  it('reports unknown fields, text that is nothing but control characters, and bad coordinates', async () => {
    const issues = await rejected((f) => {
      (f.merchants[1] as Record<string, unknown>).secret = 'x';
      // Control characters are dropped (tests/documents/hostile-text.test.ts); what is left must be text.
      f.products[1]!.title = '\u0007\u0001 \u007f';
      f.stores[0]!.latitude = -123;
    });
    expect(issues).toContainEqual(expect.stringMatching(/^merchants\.ndjson:2: .*secret/));
    expect(issues).toContainEqual(expect.stringMatching(/^products\.ndjson:2: title: Too small/));
    expect(issues).toContainEqual(expect.stringMatching(/^stores\.ndjson:1: latitude: /));
  });

  it('reports orphan references and duplicate ids', async () => {
    const issues = await rejected((f) => {
      f.stores[1]!.merchantId = 99;
      f.products.push({ ...f.products[0]!, slug: 'outro' });
      f.engagement.push({ productId: 404, views: 1, likes: 0, dislikes: 0 });
      f.merchants.push({ ...f.merchants[0]! });
    });
    expect(issues).toEqual([
      'merchants.ndjson:3: id: duplicate merchant id 1',
      'stores.ndjson:2: merchantId: no merchant with id 99',
      'products.ndjson:3: id: duplicate product id 1',
      'engagement.ndjson:3: productId: no product with id 404',
    ]);
  });

  it('reports negative counters and duplicate counter lines', async () => {
    const issues = await rejected((f) => {
      // A draft's (product 2) and a published product's.
      f.engagement.push({ productId: 2, views: 5, likes: 0, dislikes: 0 }, { productId: 1, views: 5, likes: 0, dislikes: 0 });
      f.engagement.push({ productId: 1, views: 5, likes: -3, dislikes: 0 });
    });
    expect(issues).toEqual([
      'engagement.ndjson:3: productId: duplicate counters for product 2',
      'engagement.ndjson:4: productId: duplicate counters for product 1',
      expect.stringMatching(/^engagement\.ndjson:5: likes: .*>=0/),
    ]);
  });

  it('reports missing files and invalid UTF-8 without building', async () => {
    const dir = writeExport(validFixture());
    rmSync(join(dir, 'engagement.ndjson'));
    const missing = await build(dir);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(formatIssue(missing.issues[0]!)).toMatch(/engagement\.ndjson: missing file/);
    expect(existsSync(outFile)).toBe(false);

    const bad = writeExport(validFixture());
    writeFileSync(
      join(bad, 'merchants.ndjson'),
      Buffer.concat([Buffer.from('{"id":1,"name":"Loja '), Buffer.from([0xff, 0xfe]), Buffer.from('","slug":"x"}\n')]),
    );
    const result = await build(bad);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map(formatIssue)).toContain('merchants.ndjson:1: line is not valid UTF-8');
  });

  it('reports a gzip file cut short or damaged by name, and keeps the previous snapshot', async () => {
    expect((await build(writeExport(validFixture()))).ok).toBe(true);
    const before = readFileSync(outFile);
    for (const [damage, words] of [
      [(gz: Buffer) => gz.subarray(0, gz.length - 12), /^products\.ndjson\.gz: the gzip data ends early: the file is cut short/],
      [
        (gz: Buffer) => Buffer.concat([gz.subarray(0, 10), Buffer.alloc(gz.length - 10, 0x41)]),
        /^products\.ndjson\.gz: the file is not valid gzip data/,
      ],
    ] as const) {
      const dir = writeExport(validFixture(), {}, { gzip: true });
      const file = join(dir, 'products.ndjson.gz');
      writeFileSync(file, damage(readFileSync(file)));
      const result = await build(dir);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.issues.map(formatIssue)).toEqual([expect.stringMatching(words)]);
      expect(readFileSync(outFile).equals(before)).toBe(true);
      expect(readdirSync(join(work, 'out'))).toEqual(['catalog.sqlite']);
    }
  });

  it('meets a full disk with a SnapshotWriteError in words, leaving the previous snapshot and no temporary file', async () => {
    expect((await build(writeExport(validFixture()))).ok).toBe(true);
    const before = readFileSync(outFile);
    const full = buildSnapshot({ sourceDir: writeExport(validFixture()), outFile, maxPages: 8 });
    await expect(full).rejects.toThrow(SnapshotWriteError);
    await expect(full).rejects.toThrow(/^the disk is full: the snapshot cannot be written beside /);
    expect(readFileSync(outFile).equals(before)).toBe(true);
    expect(readdirSync(join(work, 'out'))).toEqual(['catalog.sqlite']);
  });

  it("reads the operator's synonyms file into the snapshot, and its content into the catalog version", async () => {
    const plain = await build(writeExport(validFixture()));
    const dir = writeExport(validFixture());
    writeFileSync(join(dir, 'synonyms.txt'), '# regionais\nfone, auricular, fone de ouvido\n\nAipim, Macaxeira\n');
    const withSynonyms = await build(dir);
    expect(withSynonyms.ok && plain.ok).toBe(true);
    if (!withSynonyms.ok || !plain.ok) return;
    expect(withSynonyms.catalogVersion).not.toBe(plain.catalogVersion);
    const catalog = openCatalog(outFile);
    try {
      expect(searchReaderOf(catalog).synonyms.of('auricular')).toEqual([['fone'], ['fone', 'ouvido']]);
      expect(searchReaderOf(catalog).synonyms.of('macaxeira')).toEqual([['aipim']]);
      // The built-in table is still there.
      expect(searchReaderOf(catalog).synonyms.of('televisao')).toContainEqual(['tv']);
    } finally {
      catalog.close();
    }
  });

  it('refuses a synonyms file with mistakes, by line, and keeps the previous snapshot', async () => {
    expect((await build(writeExport(validFixture()))).ok).toBe(true);
    const before = readFileSync(outFile);
    const dir = writeExport(validFixture());
    writeFileSync(join(dir, 'synonyms.txt'), 'fone, auricular\ntv => televisao\nde, da\n');
    const result = await build(dir);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.map(formatIssue)).toEqual([
        expect.stringMatching(/^synonyms\.txt:2: one-way mappings/),
        expect.stringMatching(/^synonyms\.txt:3: "de" has no searchable word/),
      ]);
    }
    expect(readFileSync(outFile).equals(before)).toBe(true);
    writeFileSync(join(dir, 'synonyms.txt'), Buffer.from([0x74, 0x76, 0x2c, 0x20, 0xff, 0x0a]));
    const notText = await build(dir);
    expect(notText.ok).toBe(false);
    if (!notText.ok) expect(notText.issues.map(formatIssue)).toEqual(['synonyms.txt: not UTF-8 text']);
  });

  it('counts every error but keeps the report short', async () => {
    const f = validFixture();
    const lines = Array.from({ length: 500 }, (_, i) => JSON.stringify({ ...f.products[0], id: i + 1, priceCents: -1 }));
    const result = await build(writeExport(f, { products: lines, engagement: [] }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issueCount).toBe(500);
      expect(result.issues).toHaveLength(50);
    }
  });
});

describe('parsing on either thread', () => {
  const modes = ['none', 'all', 'when-idle'] as const;
  /** The rows a build wrote, in key order: what must not depend on which thread parsed a batch. */
  const tables = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      const rows = (sql: string) => JSON.stringify(db.prepare(sql).raw(true).all());
      return {
        products: rows('SELECT * FROM products ORDER BY id'),
        engagement: rows('SELECT * FROM engagement ORDER BY product_id'),
        words: rows('SELECT * FROM search_words ORDER BY word'),
        places: rows('SELECT * FROM merchant_places ORDER BY merchant_id'),
      };
    } finally {
      db.close();
    }
  };

  it('builds the same snapshot, and reports the same issues, whichever thread parses the batches', async () => {
    // Several batches of 2,000 lines per file, so batches go to both threads in 'when-idle'.
    const source = join(work, 'export');
    await generateCatalog({ products: 7000, merchants: 300, seed: 3, outDir: source });
    const built = [];
    for (const mainThreadParses of modes) {
      const file = join(work, `${mainThreadParses}.sqlite`);
      const result = await buildSnapshot({ sourceDir: source, outFile: file, now: () => new Date(0), mainThreadParses });
      expect(result.ok).toBe(true);
      built.push({ version: result.ok && result.catalogVersion, counts: result.ok && result.counts, tables: tables(file) });
    }
    expect(built[1]).toEqual(built[0]);
    expect(built[2]).toEqual(built[0]);

    // Problems spread over the batches: bad JSON, a schema error, an unknown reference, and a line
    // just over the bound whose end falls in the next read of the file.
    const products = readFileSync(join(source, 'products.ndjson'), 'utf8').split('\n');
    products[9] = '{"id": 10,';
    products[2499] = products[2499]!.replace(/"priceCents":\d+/, '"priceCents":-5');
    products[4099] = products[4099]!.replace(/"merchantId":\d+/, '"merchantId":999999');
    products[6000] = `{"pad": "${'x'.repeat(1 << 20)}"}`;
    writeFileSync(join(source, 'products.ndjson'), products.join('\n'));
    const reports = [];
    for (const mainThreadParses of modes) {
      const result = await buildSnapshot({ sourceDir: source, outFile: join(work, 'broken.sqlite'), mainThreadParses });
      expect(result.ok).toBe(false);
      reports.push(result.ok ? [] : result.issues.map(formatIssue));
    }
    expect(reports[0]).toEqual([
      expect.stringMatching(/^products\.ndjson:10: invalid JSON/),
      expect.stringMatching(/^products\.ndjson:2500: priceCents: /),
      'products.ndjson:4100: merchantId: no merchant with id 999999',
      'products.ndjson:6001: line is longer than 1048576 bytes',
      'engagement.ndjson:10: productId: no product with id 10',
      'engagement.ndjson:2500: productId: no product with id 2500',
      'engagement.ndjson:4100: productId: no product with id 4100',
      'engagement.ndjson:6001: productId: no product with id 6001',
    ]);
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
  });
});

describe('the search index built in parts', () => {
  /** What the index answers: the words and their counts, and the matches of each word, best first. */
  const answers = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      const words = db.prepare('SELECT * FROM search_words ORDER BY word').raw(true).all() as [string, ...number[]][];
      const matches = db.prepare('SELECT rowid FROM products_fts WHERE products_fts MATCH ? ORDER BY rank, rowid').pluck();
      // bm25() reads the averages record and each row's column sizes, which the join writes and copies.
      const ranked = Object.fromEntries(words.filter((_, i) => i % 7 === 0).map(([word]) => [word, matches.all(`"${word}"`)]));
      const facets = ['c1t1', 'c1t6', 'k3', 'm5', 'd1t5'].map((token) => matches.all(token));
      return { words, ranked, facets };
    } finally {
      db.close();
    }
  };

  it('answers as the index built in one part, and passes FTS5’s own integrity check', async () => {
    const source = join(work, 'export');
    await generateCatalog({ products: 6000, merchants: 200, seed: 7, outDir: source });
    const built = [];
    for (const searchIndexParts of [1, 3, 4]) {
      const dir = join(work, `parts-${searchIndexParts}`);
      const file = join(dir, 'catalog.sqlite');
      const result = await buildSnapshot({ sourceDir: source, outFile: file, now: () => new Date(0), searchIndexParts });
      expect(result.ok).toBe(true);
      // The parts' files are gone.
      expect(readdirSync(dir)).toEqual(['catalog.sqlite']);
      const db = new Database(file);
      try {
        // Checks every list against the content, the averages and every row's sizes ('rank' 1).
        db.exec(`INSERT INTO products_fts (products_fts, rank) VALUES ('integrity-check', 1)`);
        const segments = db.prepare('SELECT count(DISTINCT segid) FROM products_fts_idx').pluck().get() as number;
        expect(segments).toBeGreaterThanOrEqual(searchIndexParts);
      } finally {
        db.close();
      }
      built.push(answers(file));
    }
    // The index's rows are the published products in price order, then id.
    const db = new Database(join(work, 'parts-3', 'catalog.sqlite'), { readonly: true });
    const ordinals = db.prepare('SELECT product_id FROM search_rows ORDER BY ordinal').pluck().all();
    const byPrice = db.prepare('SELECT id FROM products WHERE published_at IS NOT NULL ORDER BY price_cents, id').pluck().all();
    const firstOrdinal = db.prepare('SELECT min(ordinal) FROM search_rows').pluck().get();
    db.close();
    expect(ordinals).toEqual(byPrice);
    expect(firstOrdinal).toBe(1);
    expect(built[0]!.words.length).toBeGreaterThan(100);
    expect(built[0]!.facets.every((list) => list.length > 0)).toBe(true);
    expect(built[1]).toEqual(built[0]);
    expect(built[2]).toEqual(built[0]);
  });

  it('fails with a part’s error, stops the other parts, and leaves no file behind', async () => {
    const file = join(work, 'failing', 'catalog.sqlite');
    expect((await buildSnapshot({ sourceDir: writeExport(validFixture()), outFile: file })).ok).toBe(true);
    // A part's file that is not a database: the first part is this thread's, the third a worker's.
    for (const k of [0, 2]) {
      writeFileSync(`${file}.search-${k}`, 'not a database '.repeat(512));
      await expect(buildSearchIndex(file, 3)).rejects.toThrow(/not a database/);
      expect(readdirSync(join(work, 'failing'))).toEqual(['catalog.sqlite']);
    }
  });

  it('joins empty parts: fewer published products than parts, or none', async () => {
    const fixture = validFixture();
    const drafts = validFixture();
    for (const product of drafts.products) product.publishedAt = null;
    for (const [name, source] of [
      ['few', writeExport(fixture)],
      ['none', writeExport(drafts)],
    ] as const) {
      const answered = [];
      for (const searchIndexParts of [1, 4]) {
        const file = join(work, name, `${searchIndexParts}.sqlite`);
        expect((await buildSnapshot({ sourceDir: source, outFile: file, searchIndexParts })).ok).toBe(true);
        const db = new Database(file);
        db.exec(`INSERT INTO products_fts (products_fts, rank) VALUES ('integrity-check', 1)`);
        db.close();
        answered.push(answers(file));
      }
      expect(answered[1]).toEqual(answered[0]);
      expect(answered[0]!.words.length > 0).toBe(name === 'few');
    }
  });
});

describe('npm run build (catalog step)', () => {
  it('exits 1 with a located report and keeps the previous snapshot', async () => {
    const env = { ...process.env, CATALOG_DB: outFile };
    execFileSync(process.execPath, ['scripts/build-catalog.ts'], {
      env: { ...env, CATALOG_SOURCE: writeExport(validFixture()) },
      stdio: 'pipe',
    });
    const mtime = statSync(outFile).mtimeMs;
    const broken = validFixture();
    broken.stores[0]!.postalCode = '5422001';
    const run = spawnSync(process.execPath, ['scripts/build-catalog.ts'], {
      env: { ...env, CATALOG_SOURCE: writeExport(broken) },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/stores\.ndjson:1: postalCode: must be a CEP/);
    expect(run.stderr).toMatch(/1 error\(s\); the previous snapshot was kept/);
    expect(statSync(outFile).mtimeMs).toBe(mtime);
  });
});
