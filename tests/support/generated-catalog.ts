import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import type { AnswerContext } from '../../src/answers/context.ts';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import { type CatalogReader, openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { foldKey } from '../../src/lib/text-keys.ts';
import { fixedCursorSecret } from '../../src/search/local/cursor-secret.ts';
import { ACCESSORY_WORDS } from '../../src/search/query/accessories.ts';
import { generateCatalog } from '../../tools/sample-catalog/generate.ts';

/** A published product as the brute-force answers of the search tests read it: its words by ranking group. */
export interface PlainProduct {
  id: number;
  merchantId: number;
  /** Every word of its text; of what names it (title up to " para ", category, brand); of that title; of its category. */
  words: Set<string>;
  namingWords: Set<string>;
  titleWords: Set<string>;
  categoryWords: Set<string>;
  /** Marked as an accessory by the index (its title's or category's first word: src/search/query/accessories.ts). */
  accessory: boolean;
  categorySlug: string;
  brand: string;
  priceCents: number;
  views: number;
  likes: number;
  /** Out of stock: left out of searches unless they include them, then after those in stock. */
  outOfStock: boolean;
  /** The barcode: the same product at other merchants shares it. */
  gtin: string | null;
}

export interface PlainStore {
  id: number;
  merchantId: number;
  city: string;
  district: string;
  latitude: number;
  longitude: number;
}

/** A generated catalog's snapshot, opened, with its products and stores read from the plain tables. */
export interface GeneratedCatalog {
  catalog: CatalogReader;
  ctx: AnswerContext;
  products: PlainProduct[];
  stores: PlainStore[];
  remove: () => void;
}

/** Words folded and split as the index splits them. */
export const wordsOf = (text: string) =>
  new Set(
    foldKey(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/**
 * The snapshot of `products` generated products (seeded), built once per run and shared by the
 * files of every project: in the run's shared root (temp-root-setup.ts), by the first file to ask;
 * a file asking meanwhile waits for it (the search suites of 60,000 products run side by side).
 * Read only.
 */
export async function sharedGeneratedSnapshot(products: number, seed: number): Promise<string> {
  const dir = join(inject('runSharedRoot'), `generated-${products}-${seed}`);
  const snapshot = join(dir, 'catalog.sqlite');
  const ready = join(dir, 'ready');
  try {
    mkdirSync(dir);
  } catch {
    for (let waited = 0; !existsSync(ready); waited += 100) {
      if (waited > 120_000) throw new Error(`the shared generated catalog in ${dir} was not built within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return snapshot;
  }
  await generateCatalog({ products, seed, outDir: join(dir, 'export') });
  const built = await buildSnapshot({ sourceDir: join(dir, 'export'), outFile: snapshot });
  if (!built.ok) throw new Error(`the generated catalog does not build: ${JSON.stringify(built.issues)}`);
  writeFileSync(ready, '');
  return snapshot;
}

/** The snapshot of `products` generated products (seeded, built once per run: sharedGeneratedSnapshot), opened with its plain rows. */
export async function generatedCatalog(products: number, seed: number): Promise<GeneratedCatalog> {
  const snapshot = await sharedGeneratedSnapshot(products, seed);
  const db = new Database(snapshot, { readonly: true });
  type Row = Omit<PlainProduct, 'words' | 'namingWords' | 'titleWords' | 'categoryWords' | 'accessory' | 'outOfStock'> & {
    title: string;
    description: string;
    category: string;
    availability: string | null;
  };
  const rows = db
    .prepare(`SELECT p.id, p.merchant_id AS merchantId, p.title, p.description, p.category, p.brand, c.slug AS categorySlug,
      p.price_cents AS priceCents, coalesce(e.views, 0) AS views, coalesce(e.likes, 0) AS likes, p.availability, p.gtin
    FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN engagement e ON e.product_id = p.id
    WHERE p.published_at IS NOT NULL`)
    .all() as Row[];
  const plain = rows.map(({ title, description, category, availability, ...r }) => {
    // A title's " para …" (what the product is for) counts as description
    // (src/search/index-build/search-schema.ts).
    const head = title.split(/ para /i)[0]!;
    return {
      ...r,
      words: wordsOf(`${title} ${description} ${category} ${r.brand}`),
      namingWords: wordsOf(`${head} ${category} ${r.brand}`),
      titleWords: wordsOf(head),
      categoryWords: wordsOf(category),
      accessory: [title, category].some((text) => ACCESSORY_WORDS.includes(foldKey(text.split(' ')[0]!))),
      outOfStock: availability === 'out_of_stock',
    };
  });
  const stores = db.prepare('SELECT id, merchant_id AS merchantId, city, district, latitude, longitude FROM stores').all() as PlainStore[];
  db.close();
  const catalog = openCatalog(snapshot);
  const ctx: AnswerContext = {
    catalog: () => catalog,
    siteUrl: 'https://catalogo.example',
    productUrl: (id) => `https://catalogo.example/p/${id}`,
    cursorSecret: fixedCursorSecret('test cursor secret'),
    logError: () => {},
  };
  return {
    catalog,
    ctx,
    products: plain,
    stores,
    // Shared: the run's shared root goes with it, when the run ends.
    remove: () => catalog.close(),
  };
}
