import { describe, expect, expectTypeOf, it } from 'vitest';
import { PRODUCT_COLUMN_NAMES, PRODUCT_ROW_SELECT, PRODUCTS_TABLE, type ProductRow, productValues } from './product-columns.ts';

describe('the product column list', () => {
  it('declares the table of snapshot schema 11, to the character', () => {
    expect(PRODUCTS_TABLE).toBe(`CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  brand TEXT NOT NULL,
  brand_id INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  slug TEXT NOT NULL,
  image_url TEXT NOT NULL,
  published_at TEXT,
  updated_at TEXT NOT NULL,
  availability TEXT,
  list_price_cents INTEGER,
  pix_price_cents INTEGER,
  installments_count INTEGER,
  installments_interest_free INTEGER,
  condition TEXT,
  gtin TEXT
);`);
  });

  it('inserts every column, the ids the build assigns from them and the rest from the record', () => {
    expect(PRODUCT_COLUMN_NAMES.join(', ')).toBe(
      'id, merchant_id, title, description, category, category_id, brand, brand_id, price_cents, slug, image_url, published_at, updated_at, availability, list_price_cents, pix_price_cents, installments_count, installments_interest_free, condition, gtin',
    );
    const record = {
      id: 1,
      merchantId: 2,
      title: 't',
      description: 'd',
      category: 'c',
      brand: 'b',
      priceCents: 3,
      slug: 's',
      imageUrl: 'i',
      publishedAt: null,
      updatedAt: 'u',
    };
    const into: unknown[] = [];
    expect(productValues(record, { categoryId: 7, brandId: 8 }, into)).toBe(into);
    // The offer's facts absent: NULL each.
    expect(into).toEqual([1, 2, 't', 'd', 'c', 7, 'b', 8, 3, 's', 'i', null, 'u', null, null, null, null, null, null, null]);
    // Several products at once (src/catalog-build/grouped-insert.ts): each one's values after the one before.
    productValues({ ...record, id: 9 }, { categoryId: 7, brandId: 8 }, into, 20);
    expect(into.slice(0, 20)).toEqual([1, 2, 't', 'd', 'c', 7, 'b', 8, 3, 's', 'i', null, 'u', null, null, null, null, null, null, null]);
    expect(into.slice(20, 23)).toEqual([9, 2, 't']);
    const offer = { availability: 'preorder', listPriceCents: 5, pixPriceCents: 2, installments: { count: 10, interestFree: true } };
    expect(productValues({ ...record, ...offer, condition: 'new', gtin: '12345670' }, { categoryId: 7, brandId: 8 }).slice(13)).toEqual([
      'preorder',
      5,
      2,
      10,
      1,
      'new',
      '12345670',
    ]);
  });

  it('reads a row by field names, lookups after their column', () => {
    expect(PRODUCT_ROW_SELECT).toBe(
      'p.id AS id, p.merchant_id AS merchantId, (SELECT name FROM merchants WHERE id = p.merchant_id) AS merchantName, ' +
        '(SELECT slug FROM merchants WHERE id = p.merchant_id) AS merchantSlug, p.title AS title, p.description AS description, ' +
        'p.category AS category, (SELECT slug FROM categories WHERE id = p.category_id) AS categorySlug, p.brand AS brand, ' +
        'p.price_cents AS priceCents, p.slug AS slug, p.image_url AS imageUrl, p.published_at AS publishedAt, p.updated_at AS updatedAt, ' +
        'p.availability AS availability, p.list_price_cents AS listPriceCents, p.pix_price_cents AS pixPriceCents, ' +
        'p.installments_count AS installmentsCount, p.installments_interest_free AS installmentsInterestFree, p.condition AS condition, p.gtin AS gtin',
    );
  });

  it('types a row as the reader gives it', () => {
    expectTypeOf<{ [K in keyof ProductRow]: ProductRow[K] }>().toEqualTypeOf<{
      id: number;
      merchantId: number;
      merchantName: string;
      merchantSlug: string;
      title: string;
      description: string;
      category: string;
      categorySlug: string;
      brand: string;
      priceCents: number;
      slug: string;
      imageUrl: string;
      publishedAt: string;
      updatedAt: string;
      availability: string | null;
      listPriceCents: number | null;
      pixPriceCents: number | null;
      installmentsCount: number | null;
      installmentsInterestFree: number | null;
      condition: string | null;
      gtin: string | null;
    }>();
  });
});
