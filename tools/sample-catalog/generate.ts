import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportKind } from '../../src/catalog-build/export-records.ts';
import { catalogDateOf } from '../../src/price-history/price-days.ts';
import { buildMerchant, MerchantSlugs, merchantName, planMerchants } from './merchants.ts';
import { NdjsonWriter } from './ndjson-writer.ts';
import { pastPricesOf, SAMPLE_AS_OF } from './past-prices.ts';
import { SAO_PAULO } from './places.ts';
import { buildProduct } from './products.ts';
import { Rng } from './rng.ts';
import { buildStore, storeLocation } from './stores.ts';

/*
 * The deterministic sample-catalog generator: merchants, stores, products and engagement as the
 * four NDJSON export files the snapshot build reads (src/catalog-build/export-records.ts). Everything is
 * streamed: memory depends on the merchant count (a few typed arrays), not on the product count.
 */

export interface GenerateOptions {
  /** Number of products (and engagement lines). */
  products: number;
  /** Default: max(12, round(products / 20)). */
  merchants?: number;
  /** Default: 2 × merchants; at least `merchants`, since every merchant has a store. */
  stores?: number;
  /** Unsigned 32-bit integer; default 1. Same options and seed give byte-identical files. */
  seed?: number;
  outDir: string;
  /** Write `<kind>.ndjson.gz` instead of `<kind>.ndjson`. */
  gzip?: boolean;
  /** Called every PROGRESS_EVERY products and at the end. */
  onProgress?: (done: number, total: number) => void;
  /** Days of past prices to write (prices.ndjson, with export.json's asOf); 0, the default: neither file. */
  historyDays?: number;
  /** The catalog's instant (export.json's asOf, RFC 3339) with historyDays; default SAMPLE_AS_OF. */
  asOf?: string;
}

export interface GeneratedFile {
  kind: ExportKind;
  path: string;
  records: number;
  bytes: number;
}

export interface GenerateSummary {
  seed: number;
  merchants: number;
  stores: number;
  products: number;
  /** Products with publishedAt null. */
  drafts: number;
  /** Stores in the city of São Paulo (about 70%). */
  storesInSaoPaulo: number;
  files: GeneratedFile[];
}

export const LIMITS = { products: 100_000_000, merchants: 5_000_000, stores: 20_000_000, seed: 0xffffffff, historyDays: 3660 } as const;
export const PROGRESS_EVERY = 1_000;

/** An option value the generator cannot use; the CLI turns it into exit code 2. */
export class GenerateOptionsError extends Error {
  override name = 'GenerateOptionsError';
}

export const defaultMerchants = (products: number): number => Math.max(12, Math.round(products / 20));

export interface ResolvedOptions {
  products: number;
  merchants: number;
  stores: number;
  seed: number;
  outDir: string;
  gzip: boolean;
  historyDays: number;
  asOf: string;
}

/** Fills in defaults and checks ranges; throws GenerateOptionsError with a message for people. */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const count = (name: 'products' | 'merchants' | 'stores', value: number): number => {
    if (!Number.isSafeInteger(value) || value < 1 || value > LIMITS[name]) {
      throw new GenerateOptionsError(`${name} must be an integer from 1 to ${LIMITS[name]} (got ${value})`);
    }
    return value;
  };
  const products = count('products', options.products);
  const merchants = count('merchants', options.merchants ?? defaultMerchants(products));
  const stores = count('stores', options.stores ?? Math.min(LIMITS.stores, 2 * merchants));
  if (stores < merchants) {
    throw new GenerateOptionsError(`stores (${stores}) must be at least merchants (${merchants}): every merchant has a store`);
  }
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed) || seed < 0 || seed > LIMITS.seed) {
    throw new GenerateOptionsError(`seed must be an integer from 0 to ${LIMITS.seed} (got ${seed})`);
  }
  if (typeof options.outDir !== 'string' || options.outDir === '') throw new GenerateOptionsError('an output directory is required');
  const historyDays = options.historyDays ?? 0;
  if (!Number.isSafeInteger(historyDays) || historyDays < 0 || historyDays > LIMITS.historyDays) {
    throw new GenerateOptionsError(`history days must be an integer from 0 to ${LIMITS.historyDays} (got ${historyDays})`);
  }
  const asOf = options.asOf ?? SAMPLE_AS_OF;
  if (Number.isNaN(Date.parse(asOf))) throw new GenerateOptionsError(`asOf must be an RFC 3339 date-time (got '${asOf}')`);
  return { products, merchants, stores, seed, outDir: options.outDir, gzip: options.gzip ?? false, historyDays, asOf };
}

export async function generateCatalog(options: GenerateOptions): Promise<GenerateSummary> {
  const { products, merchants, stores, seed, outDir, gzip, historyDays, asOf } = resolveOptions(options);
  mkdirSync(outDir, { recursive: true });
  // The past prices, with the catalog's date they lead up to (src/catalog-build/export-date.ts).
  const past = historyDays > 0 ? new NdjsonWriter(join(outDir, `prices.ndjson${gzip ? '.gz' : ''}`), gzip) : null;
  const asOfDate = catalogDateOf(new Date(asOf));
  if (past) writeFileSync(join(outDir, 'export.json'), `${JSON.stringify({ asOf })}\n`);

  const kinds: ExportKind[] = ['merchants', 'stores', 'products', 'engagement'];
  const writers = new Map<ExportKind, NdjsonWriter>();
  for (const kind of kinds) {
    // The snapshot build refuses a directory holding both spellings of a file, so a run with
    // --gzip removes the plain file left by an earlier run (and vice versa).
    rmSync(join(outDir, `${kind}.ndjson${gzip ? '' : '.gz'}`), { force: true });
    writers.set(kind, new NdjsonWriter(join(outDir, `${kind}.ndjson${gzip ? '.gz' : ''}`), gzip));
  }
  const writer = (kind: ExportKind): NdjsonWriter => writers.get(kind)!;

  let drafts = 0;
  let storesInSaoPaulo = 0;
  try {
    const plan = planMerchants(seed, merchants, stores);
    const rng = new Rng();
    const slugs = new MerchantSlugs();

    // Merchants and their stores in one pass: a merchant's name depends on where its first store
    // is, and store names repeat the merchant's name, so neither needs a table of names.
    let storeId = 1;
    for (let m = 1; m <= merchants; m++) {
      const home = storeLocation(rng, seed, storeId);
      const name = merchantName(rng, seed, m, plan.category[m - 1]!, home);
      if (writer('merchants').add(buildMerchant(m, name, slugs))) await writer('merchants').flush();
      for (let n = plan.storeCount[m - 1]!; n > 0; n--, storeId++) {
        const store = buildStore(rng, seed, storeId, m, name.shortName);
        if (store.city === SAO_PAULO.name && store.state === SAO_PAULO.state) storesInSaoPaulo++;
        if (writer('stores').add(store)) await writer('stores').flush();
      }
    }

    for (let id = 1; id <= products; id++) {
      const { product, engagement } = buildProduct(rng, seed, id, plan);
      if (product.publishedAt === null) drafts++;
      if (writer('products').add(product)) await writer('products').flush();
      if (writer('engagement').add(engagement)) await writer('engagement').flush();
      if (past && product.publishedAt !== null) {
        for (const line of pastPricesOf(seed, id, product.priceCents, asOfDate, historyDays)) if (past.add(line)) await past.flush();
      }
      if (id % PROGRESS_EVERY === 0) options.onProgress?.(id, products);
    }
    for (const w of writers.values()) await w.close();
    await past?.close();
  } catch (error) {
    for (const w of writers.values()) w.abort();
    past?.abort();
    throw error;
  }
  if (products % PROGRESS_EVERY !== 0) options.onProgress?.(products, products);

  return {
    seed,
    merchants,
    stores,
    products,
    drafts,
    storesInSaoPaulo,
    files: kinds.map((kind) => {
      const w = writer(kind);
      return { kind, path: w.path, records: w.records, bytes: statSync(w.path).size };
    }),
  };
}
