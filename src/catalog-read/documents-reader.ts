import type { Database } from 'better-sqlite3';
import { keysetRows } from '../lib/keyset-pages.ts';

/** A product of the showcase: the newest published, with what a visitor reads first. */
export interface ShowcaseRow {
  id: number;
  title: string;
  priceCents: number;
  category: string;
  categorySlug: string;
  merchantId: number;
  merchantName: string;
  /** The city where the merchant has most stores (the first such store's, on a tie); null without stores. */
  city: string | null;
  state: string | null;
  slug: string;
  publishedAt: string;
}

/** A published product's page in the sitemap. */
export type SitemapRow = [id: number, slug: string, updatedAt: string];

/** The queries of the public documents (showcase, sitemap); statements prepared once. */
export interface DocumentsReader {
  /** The newest published products, newest first (the snapshot keeps SHOWCASE_MAX_LIMIT). */
  showcase(limit: number): ShowcaseRow[];
  /** Every published product, in id order, read as it is consumed (a million rows never sit in memory). */
  sitemapRows(): IterableIterator<SitemapRow>;
}

export function createDocumentsReader(db: Database): DocumentsReader {
  const showcase = db.prepare(`
    SELECT p.id AS id, p.title AS title, p.price_cents AS priceCents, p.category AS category, c.slug AS categorySlug,
           p.merchant_id AS merchantId, m.name AS merchantName, city.name AS city, city.state AS state,
           p.slug AS slug, p.published_at AS publishedAt
    FROM showcase s
    JOIN products p ON p.id = s.product_id
    JOIN merchants m ON m.id = p.merchant_id
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN cities city ON city.id = (
      SELECT st.city_id FROM stores st WHERE st.merchant_id = p.merchant_id
      GROUP BY st.city_id ORDER BY count(*) DESC, min(st.id) LIMIT 1)
    ORDER BY s.position
    LIMIT ?`);
  // Pages of rows by id (keyset-pages.ts).
  const sitemapPage = db
    .prepare('SELECT id, slug, updated_at FROM products WHERE id > ? AND published_at IS NOT NULL ORDER BY id LIMIT 5000')
    .raw(true);
  return {
    showcase: (limit) => showcase.all(limit) as ShowcaseRow[],
    sitemapRows: () => keysetRows<SitemapRow>(sitemapPage),
  };
}
