import type { Database } from 'better-sqlite3';
import type { EngagementRecord, ExportKind, MerchantRecord, ProductRecord, StoreRecord } from '../../domain/catalog-records.ts';
import { foldKey, slugify } from '../text-keys.ts';

/** A loader inserts one validated record, or returns why its references do not hold. */
type Loader<T> = (record: T) => { field: string; message: string } | null;

export interface LoadCounts {
  merchants: number;
  stores: number;
  products: number;
  engagement: number;
}

/** Totals of the merchant statistics endpoint, summed while loading (cheaper than a SQL pass). */
interface MerchantTotals {
  products: number;
  stores: number;
  views: number;
  likes: number;
  dislikes: number;
}

/**
 * Runs an insert; false when the primary key already exists. Stores and counters are checked for
 * duplicates by their tables' keys rather than by id sets in memory (a million ids weigh ~30 MB).
 */
function insertUnique(insert: () => unknown): boolean {
  try {
    insert();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
    throw error;
  }
}

/** Marks a draft in `products`: its counters do not count towards the merchant's totals. */
const DRAFT = 0;

/**
 * Reference and uniqueness checks plus inserts, one loader per export file. Files are read in the
 * order merchants → stores → products → engagement, so every reference points to ids already seen.
 * Merchant and product ids live in memory (about 60 MB for a million products): every later
 * record refers to them.
 */
export function createRecordLoaders(db: Database) {
  const merchants = new Map<number, MerchantTotals>();
  /** Product id → its merchant's id, or DRAFT. */
  const products = new Map<number, number>();
  const counts: LoadCounts = { merchants: 0, stores: 0, products: 0, engagement: 0 };

  const insertMerchant = db.prepare('INSERT INTO merchants (id, name, slug) VALUES (?, ?, ?)');
  const insertStore = db.prepare(
    `INSERT INTO stores (id, merchant_id, name, address, district, city, state, postal_code,
       latitude, longitude, city_key, district_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertProduct = db.prepare(
    `INSERT INTO products (id, merchant_id, title, description, category, category_slug, brand,
       price_cents, slug, image_url, published_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEngagement = db.prepare('INSERT INTO engagement (product_id, views, likes, dislikes) VALUES (?, ?, ?, ?)');
  const insertMerchantStats = db.prepare('INSERT INTO merchant_stats VALUES (?, ?, ?, ?, ?, ?)');

  const duplicate = (what: string, id: number) => ({ field: 'id', message: `duplicate ${what} id ${id}` });
  const unknownMerchant = (id: number) => ({ field: 'merchantId', message: `no merchant with id ${id}` });

  const loadMerchant: Loader<MerchantRecord> = (m) => {
    if (merchants.has(m.id)) return duplicate('merchant', m.id);
    merchants.set(m.id, { products: 0, stores: 0, views: 0, likes: 0, dislikes: 0 });
    insertMerchant.run(m.id, m.name, m.slug);
    counts.merchants += 1;
    return null;
  };

  const loadStore: Loader<StoreRecord> = (s) => {
    const merchant = merchants.get(s.merchantId);
    if (!merchant) return unknownMerchant(s.merchantId);
    const inserted = insertUnique(() => insertStore.run(s.id, s.merchantId, s.name, s.address, s.district, s.city, s.state,
      s.postalCode, s.latitude, s.longitude, foldKey(s.city), foldKey(s.district)));
    if (!inserted) return duplicate('store', s.id);
    merchant.stores += 1;
    counts.stores += 1;
    return null;
  };

  // Categories repeat across a million rows: slug each distinct name once.
  const categorySlugs = new Map<string, string>();
  const loadProduct: Loader<ProductRecord> = (p) => {
    if (products.has(p.id)) return duplicate('product', p.id);
    const merchant = merchants.get(p.merchantId);
    if (!merchant) return unknownMerchant(p.merchantId);
    const published = p.publishedAt !== null;
    products.set(p.id, published ? p.merchantId : DRAFT);
    if (published) merchant.products += 1;
    let categorySlug = categorySlugs.get(p.category);
    if (categorySlug === undefined) {
      categorySlug = slugify(p.category);
      categorySlugs.set(p.category, categorySlug);
    }
    insertProduct.run(p.id, p.merchantId, p.title, p.description, p.category, categorySlug, p.brand,
      p.priceCents, p.slug, p.imageUrl, p.publishedAt, p.updatedAt);
    counts.products += 1;
    return null;
  };

  const loadEngagement: Loader<EngagementRecord> = (e) => {
    const merchantId = products.get(e.productId);
    if (merchantId === undefined) return { field: 'productId', message: `no product with id ${e.productId}` };
    if (!insertUnique(() => insertEngagement.run(e.productId, e.views, e.likes, e.dislikes))) {
      return { field: 'productId', message: `duplicate counters for product ${e.productId}` };
    }
    if (merchantId !== DRAFT) {
      const totals = merchants.get(merchantId)!;
      totals.views += e.views;
      totals.likes += e.likes;
      totals.dislikes += e.dislikes;
    }
    counts.engagement += 1;
    return null;
  };

  /** Writes the merchant statistics summed while loading. */
  const finish = () => {
    for (const [id, t] of merchants) insertMerchantStats.run(id, t.products, t.stores, t.views, t.likes, t.dislikes);
  };

  const loaders: { [K in ExportKind]: Loader<never> } = {
    merchants: loadMerchant,
    stores: loadStore,
    products: loadProduct,
    engagement: loadEngagement,
  };
  return { loaders: loaders as Record<ExportKind, Loader<unknown>>, counts, finish };
}
