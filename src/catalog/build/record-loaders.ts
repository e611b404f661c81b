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

/**
 * Reference and uniqueness checks plus inserts, one loader per export file. Files are read in the
 * order merchants → stores → products → engagement, so every reference points to ids already seen.
 * Id sets live in memory (about 40 MB for a million products) to keep checks off the database.
 */
export function createRecordLoaders(db: Database) {
  const merchantIds = new Set<number>();
  const storeIds = new Set<number>();
  const productIds = new Set<number>();
  const engagedIds = new Set<number>();
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

  const duplicate = (what: string, id: number) => ({ field: 'id', message: `duplicate ${what} id ${id}` });
  const unknownMerchant = (id: number) => ({ field: 'merchantId', message: `no merchant with id ${id}` });

  const merchants: Loader<MerchantRecord> = (m) => {
    if (merchantIds.has(m.id)) return duplicate('merchant', m.id);
    merchantIds.add(m.id);
    insertMerchant.run(m.id, m.name, m.slug);
    counts.merchants += 1;
    return null;
  };

  const stores: Loader<StoreRecord> = (s) => {
    if (storeIds.has(s.id)) return duplicate('store', s.id);
    if (!merchantIds.has(s.merchantId)) return unknownMerchant(s.merchantId);
    storeIds.add(s.id);
    insertStore.run(s.id, s.merchantId, s.name, s.address, s.district, s.city, s.state, s.postalCode,
      s.latitude, s.longitude, foldKey(s.city), foldKey(s.district));
    counts.stores += 1;
    return null;
  };

  // Categories repeat across a million rows: slug each distinct name once.
  const categorySlugs = new Map<string, string>();
  const products: Loader<ProductRecord> = (p) => {
    if (productIds.has(p.id)) return duplicate('product', p.id);
    if (!merchantIds.has(p.merchantId)) return unknownMerchant(p.merchantId);
    productIds.add(p.id);
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

  const engagement: Loader<EngagementRecord> = (e) => {
    if (!productIds.has(e.productId)) return { field: 'productId', message: `no product with id ${e.productId}` };
    if (engagedIds.has(e.productId)) return { field: 'productId', message: `duplicate counters for product ${e.productId}` };
    engagedIds.add(e.productId);
    insertEngagement.run(e.productId, e.views, e.likes, e.dislikes);
    counts.engagement += 1;
    return null;
  };

  const loaders: { [K in ExportKind]: Loader<never> } = { merchants, stores, products, engagement };
  return { loaders: loaders as Record<ExportKind, Loader<unknown>>, counts };
}
