import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductRecord, StoreRecord } from '../../src/catalog-build/export-records.ts';

/**
 * Reads the committed sample export directly (not through the snapshot), so the tests check the
 * build and the API against an independent computation of the expected numbers.
 */
export interface SampleExport {
  engagement: Map<number, { views: number; likes: number; dislikes: number }>;
  products: ProductRecord[];
  stores: StoreRecord[];
  merchants: { id: number }[];
  /** The past prices (prices.ndjson), by product, in file order (oldest first). */
  pastPrices: Map<number, { date: string; priceCents: number }[]>;
}

const readLines = <T>(file: string): T[] =>
  readFileSync(join('data/sample', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

export function readSampleExport(): SampleExport {
  const engagement = new Map<number, { views: number; likes: number; dislikes: number }>();
  for (const e of readLines<{ productId: number; views: number; likes: number; dislikes: number }>('engagement.ndjson')) {
    engagement.set(e.productId, { views: e.views, likes: e.likes, dislikes: e.dislikes });
  }
  const pastPrices = new Map<number, { date: string; priceCents: number }[]>();
  for (const { productId, date, priceCents } of readLines<{ productId: number; date: string; priceCents: number }>('prices.ndjson')) {
    pastPrices.set(productId, [...(pastPrices.get(productId) ?? []), { date, priceCents }]);
  }
  return {
    engagement,
    pastPrices,
    products: readLines('products.ndjson'),
    stores: readLines('stores.ndjson'),
    merchants: readLines('merchants.ndjson'),
  };
}

/** Expected merchant statistics: sums over the merchant's published products. */
export function expectedMerchantStats(sample: SampleExport, merchantId: number) {
  const published = sample.products.filter((p) => p.merchantId === merchantId && p.publishedAt !== null);
  const sum = (key: 'views' | 'likes' | 'dislikes') => published.reduce((total, p) => total + (sample.engagement.get(p.id)?.[key] ?? 0), 0);
  return {
    merchantId,
    productsCount: published.length,
    storesCount: sample.stores.filter((s) => s.merchantId === merchantId).length,
    viewsCount: sum('views'),
    likesCount: sum('likes'),
    dislikesCount: sum('dislikes'),
  };
}
