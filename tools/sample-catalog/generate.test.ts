import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FILES, type ExportKind } from '../../src/catalog-build/export-records.ts';
import { GenerateOptionsError, type GenerateSummary, generateCatalog } from './generate.ts';

const CLI = fileURLToPath(new URL('../../scripts/catalog-generate.ts', import.meta.url));
// 3,000 products: 150 merchants and 300 stores by default, enough for shares to be meaningful.
const PRODUCTS = 3000;
const SEED = 42;

type Row = Record<string, unknown>;

let root: string;
let summary: GenerateSummary;
const dir = (name: string): string => join(root, name);
const text = (name: string, kind: ExportKind): string => readFileSync(join(dir(name), `${kind}.ndjson`), 'utf8');
const rows = (kind: ExportKind): Row[] =>
  text('a', kind)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Row);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'catalog-generate-'));
  summary = await generateCatalog({ products: PRODUCTS, seed: SEED, outDir: dir('a') });
  await generateCatalog({ products: PRODUCTS, seed: SEED, outDir: dir('b') });
  await generateCatalog({ products: PRODUCTS, seed: SEED + 1, outDir: dir('other-seed') });
  await generateCatalog({ products: PRODUCTS, seed: SEED, outDir: dir('gz'), gzip: true });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('generateCatalog', () => {
  it('is deterministic: the same seed gives byte-identical files, another seed different ones', () => {
    expect(readdirSync(dir('a')).sort()).toEqual(['engagement.ndjson', 'merchants.ndjson', 'products.ndjson', 'stores.ndjson']);
    for (const { kind } of EXPORT_FILES) expect(text('b', kind)).toBe(text('a', kind));
    expect(text('other-seed', 'products')).not.toBe(text('a', 'products'));
  });

  it('writes lines that all validate against the export schemas, with consecutive ids from 1', () => {
    for (const { kind, schema } of EXPORT_FILES) {
      const content = text('a', kind);
      expect(content.endsWith('\n')).toBe(true);
      const lines = content.slice(0, -1).split('\n');
      lines.forEach((line, index) => {
        const result = schema.safeParse(JSON.parse(line));
        if (!result.success) throw new Error(`${kind} line ${index + 1}: ${result.error.message}`);
        const data = result.data as { id?: number; productId?: number };
        expect(kind === 'engagement' ? data.productId : data.id).toBe(index + 1);
      });
    }
    expect(summary.files.map((f) => f.records)).toEqual([summary.merchants, summary.stores, PRODUCTS, PRODUCTS]);
    expect(summary.merchants).toBe(PRODUCTS / 20);
    expect(summary.stores).toBe(2 * summary.merchants);
  });

  it('keeps references, unique slugs and plausible engagement', () => {
    const merchants = rows('merchants');
    const stores = rows('stores');
    const products = rows('products');
    const engagement = rows('engagement');
    const merchantIds = new Set(merchants.map((m) => m.id));
    for (const s of stores) expect(merchantIds.has(s.merchantId)).toBe(true);
    for (const p of products) expect(merchantIds.has(p.merchantId)).toBe(true);
    expect(new Set(stores.map((s) => s.merchantId)).size).toBe(merchants.length); // each has a store
    expect(new Set(merchants.map((m) => m.slug)).size).toBe(merchants.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(engagement).toHaveLength(products.length);
    for (const e of engagement) expect(e.views as number).toBeGreaterThanOrEqual((e.likes as number) + (e.dislikes as number));
    expect(new Set(products.map((p) => p.category)).size).toBeGreaterThanOrEqual(15);
    expect(products.every((p) => p.imageUrl === `https://img.exemplo-catalogo.com.br/produtos/${p.id}.jpg`)).toBe(true);
  });

  it('puts about 70% of the stores in the city of São Paulo, with accented district names', () => {
    const stores = rows('stores');
    const inSaoPaulo = stores.filter((s) => s.city === 'São Paulo' && s.state === 'SP');
    expect(inSaoPaulo.length / stores.length).toBeGreaterThan(0.65);
    expect(inSaoPaulo.length / stores.length).toBeLessThan(0.75);
    expect(summary.storesInSaoPaulo).toBe(inSaoPaulo.length);
    expect(stores.some((s) => /[ãáéíóôúç]/i.test(s.district as string))).toBe(true);
  });

  it('has drafts (publishedAt null) and dates in range with updatedAt not before publishedAt', () => {
    const products = rows('products');
    const drafts = products.filter((p) => p.publishedAt === null);
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.length / products.length).toBeLessThan(0.06);
    expect(summary.drafts).toBe(drafts.length);
    for (const p of products) {
      const updated = p.updatedAt as string;
      expect(updated >= '2024-01-01T00:00:00Z' && updated <= '2026-10-31T23:59:59Z').toBe(true);
      if (p.publishedAt !== null) expect(updated >= (p.publishedAt as string)).toBe(true);
    }
  });

  it('writes .ndjson.gz files that gunzip to the same content with --gzip', () => {
    expect(readdirSync(dir('gz')).sort()).toEqual(EXPORT_FILES.map((f) => `${f.kind}.ndjson.gz`).sort());
    for (const { kind } of EXPORT_FILES) {
      expect(gunzipSync(readFileSync(join(dir('gz'), `${kind}.ndjson.gz`))).toString('utf8')).toBe(text('a', kind));
    }
  });

  it('rejects unusable options before writing anything', async () => {
    const out = dir('rejected');
    await expect(generateCatalog({ products: 100, merchants: 10, stores: 5, outDir: out })).rejects.toBeInstanceOf(GenerateOptionsError);
    await expect(generateCatalog({ products: 0, outDir: out })).rejects.toBeInstanceOf(GenerateOptionsError);
    expect(existsSync(out)).toBe(false);
  });
});

describe('catalog-generate CLI', () => {
  it('exits with code 2 and a clear message for --products abc', () => {
    const out = dir('cli');
    const result = spawnSync(process.execPath, [CLI, '--products', 'abc', '--out', out], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--products');
    expect(existsSync(out)).toBe(false);
  });
});
