/**
 * The baseline of the build benchmark: the export's rows inserted into plain tables as fast as
 * SQLite plainly allows (one transaction, positional prepared statements, no journal, a 64 MB page
 * cache: twice the build's, which measured faster here), with no validation, no reference checks
 * and no indexes. Prints its wall time and peak RSS.
 */

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readNdjsonLines } from '../src/catalog-build/ndjson-lines.ts';

const [sourceDir, outFile] = process.argv.slice(2) as [string, string];
const started = performance.now();
rmSync(outFile, { force: true });
const db = new Database(outFile);
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
db.pragma('cache_size = -65536');
db.exec(`
  CREATE TABLE merchants (id INTEGER PRIMARY KEY, name TEXT, slug TEXT);
  CREATE TABLE stores (id INTEGER PRIMARY KEY, merchant_id INTEGER, name TEXT, address TEXT, district TEXT, city TEXT,
    state TEXT, postal_code TEXT, latitude REAL, longitude REAL);
  CREATE TABLE products (id INTEGER PRIMARY KEY, merchant_id INTEGER, title TEXT, description TEXT, category TEXT,
    brand TEXT, price_cents INTEGER, slug TEXT, image_url TEXT, published_at TEXT, updated_at TEXT,
    availability TEXT, list_price_cents INTEGER, pix_price_cents INTEGER, installments_count INTEGER,
    installments_interest_free INTEGER, condition TEXT, gtin TEXT);
  CREATE TABLE engagement (product_id INTEGER PRIMARY KEY, views INTEGER, likes INTEGER, dislikes INTEGER);
`);
// Positional parameters, in each file's field order: the cheapest way to bind.
const insert = {
  merchants: db.prepare('INSERT INTO merchants VALUES (?, ?, ?)'),
  stores: db.prepare('INSERT INTO stores VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
  products: db.prepare(`INSERT INTO products VALUES (${new Array(18).fill('?').join(', ')})`),
  engagement: db.prepare('INSERT INTO engagement VALUES (?, ?, ?, ?)'),
};
/** A product's values: its fields in the export's order, the optional offer facts NULL when absent (installments in two columns). */
function productRow(p: Record<string, unknown>): unknown[] {
  const installments = p.installments as { count: number; interestFree: boolean } | undefined;
  return [
    p.id,
    p.merchantId,
    p.title,
    p.description,
    p.category,
    p.brand,
    p.priceCents,
    p.slug,
    p.imageUrl,
    p.publishedAt,
    p.updatedAt,
    p.availability ?? null,
    p.listPriceCents ?? null,
    p.pixPriceCents ?? null,
    installments?.count ?? null,
    installments === undefined ? null : installments.interestFree ? 1 : 0,
    p.condition ?? null,
    p.gtin ?? null,
  ];
}

db.exec('BEGIN');
for (const kind of ['merchants', 'stores', 'products', 'engagement'] as const) {
  const statement = insert[kind];
  for await (const { text } of readNdjsonLines(join(sourceDir, `${kind}.ndjson`))) {
    const record = JSON.parse(text) as Record<string, unknown>;
    statement.run(...((kind === 'products' ? productRow(record) : Object.values(record)) as (string | number | null)[]));
  }
}
db.exec('COMMIT');
db.close();
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
