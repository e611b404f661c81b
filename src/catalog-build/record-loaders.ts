import type { Database } from 'better-sqlite3';
import { PRODUCT_COLUMN_NAMES, productValues } from '../catalog-read/product-columns.ts';
import { NEWEST_PRODUCTS_KEPT } from '../catalog-read/snapshot-schema.ts';
import { foldKey, slugify } from '../lib/text-keys.ts';
import { searchDocumentsView, searchRowsInsert } from '../search/index-build/search-schema.ts';
import { runAsSort } from '../search/index-build/sorter-settings.ts';
import { cityToken, districtToken, placeOfAnyTier, WHOLE_CATALOG_PLACE } from '../search/tokens/facet-tokens.ts';
import type { EngagementRecord, ExportKind, MerchantRecord, ProductRecord, StoreRecord } from './export-records.ts';
import { type Facet, FacetTable } from './facet-table.ts';
import { GroupedInsert } from './grouped-insert.ts';
import { NewestProducts } from './newest-products.ts';
import { centreOf, placeRadii } from './place-extents.ts';
import { GrowingFloat64Array, tierThresholds } from './popularity-tiers.ts';

/** An http(s) URL's scheme and authority. */
const ORIGIN = /^https?:\/\/[^/?#]+/i;

/**
 * How many image origins the snapshot names for the product cards' content security policy
 * (src/mcp/app-resource.ts): a host loads images from these only. A catalog of merchants who host
 * their own images may have thousands; the policy names the main ones and the cards draw a
 * placeholder for the others (docs/architecture.md, "Product cards").
 */
export const IMAGE_ORIGINS_KEPT = 16;

/** The load's rows inserted this many at a time (grouped-insert.ts). */
const ROWS_PER_INSERT = 8;

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
  /** Ids of the cities and districts the merchant has stores in: its products' places. */
  cities: Set<number>;
  districts: Set<number>;
}

/**
 * Marks a draft, in `products` and in its `engagement` row: its counters do not count towards the
 * merchant's totals, and search never lists it.
 */
const DRAFT = 0;
/** A draft whose counters are in: negative, as a published product's merchant id is once its counters are. */
const COUNTED_DRAFT = Number.NEGATIVE_INFINITY;

/**
 * Reference and uniqueness checks plus inserts, one loader per export file. Files are read in the
 * order merchants → stores → products → engagement, so every reference points to ids already seen.
 * Merchant and product ids live in memory (their size: docs/benchmarks.md, "The build"): every
 * later record refers to them.
 */
export function createRecordLoaders(db: Database) {
  const merchants = new Map<number, MerchantTotals>();
  /**
   * Product id → its merchant's id, or DRAFT; negative once its counters are in (the merchant's id
   * negated, or COUNTED_DRAFT): a second record of counters is a duplicate.
   */
  const products = new Map<number, number>();
  /** Views of the published products, for the popularity tiers. */
  const publishedViews = new GrowingFloat64Array();
  /** How many published products have their image at each origin (scheme and host). */
  const imageOrigins = new Map<string, number>();
  const counts: LoadCounts = { merchants: 0, stores: 0, products: 0, engagement: 0 };
  const newest = new NewestProducts(NEWEST_PRODUCTS_KEPT);

  /**
   * Store ids seen: a tenth of the products' in a large catalog (a set of a million ids weighs
   * about 30 MB, docs/benchmarks.md, "The build").
   */
  const storeIds = new Set<number>();
  const merchantRows = new GroupedInsert(db, 'merchants', ['id', 'name', 'slug'], ROWS_PER_INSERT);
  const storeRows = new GroupedInsert(
    db,
    'stores',
    ['id', 'merchant_id', 'name', 'address', 'district', 'city', 'state', 'postal_code', 'latitude', 'longitude', 'city_id', 'district_id'],
    ROWS_PER_INSERT,
  );
  // Its columns and their values' order: src/catalog-read/product-columns.ts.
  const productRows = new GroupedInsert(db, 'products', PRODUCT_COLUMN_NAMES, ROWS_PER_INSERT);
  const counterRows = new GroupedInsert(db, 'engagement', ['product_id', 'merchant_id', 'views', 'likes', 'dislikes'], ROWS_PER_INSERT);
  const merchantStatsRows = new GroupedInsert(
    db,
    'merchant_stats',
    ['merchant_id', 'products_count', 'stores_count', 'views', 'likes', 'dislikes'],
    ROWS_PER_INSERT,
  );
  const merchantPlacesRows = new GroupedInsert(db, 'merchant_places', ['merchant_id', 'places'], ROWS_PER_INSERT);
  const insertCity = db.prepare('INSERT INTO cities VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertDistrict = db.prepare('INSERT INTO districts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertCategory = db.prepare('INSERT INTO categories VALUES (?, ?, ?, ?)');
  const insertBrand = db.prepare('INSERT INTO brands VALUES (?, ?, ?, ?)');
  const insertShowcase = db.prepare('INSERT INTO showcase VALUES (?, ?)');
  const cities = new FacetTable();
  const districts = new FacetTable();
  const categories = new FacetTable();
  const brands = new FacetTable();

  const duplicate = (what: string, id: number) => ({ field: 'id', message: `duplicate ${what} id ${id}` });
  const unknownMerchant = (id: number) => ({ field: 'merchantId', message: `no merchant with id ${id}` });

  const loadMerchant: Loader<MerchantRecord> = (m) => {
    if (merchants.has(m.id)) return duplicate('merchant', m.id);
    merchants.set(m.id, { products: 0, stores: 0, views: 0, likes: 0, dislikes: 0, cities: new Set(), districts: new Set() });
    merchantRows.add(m.id, m.name, m.slug);
    counts.merchants += 1;
    return null;
  };

  const loadStore: Loader<StoreRecord> = (s) => {
    const merchant = merchants.get(s.merchantId);
    if (!merchant) return unknownMerchant(s.merchantId);
    if (storeIds.has(s.id)) return duplicate('store', s.id);
    storeIds.add(s.id);
    // A city is a name in a state: there is a Valparaíso in Goiás and another in São Paulo.
    const cityKey = foldKey(s.city);
    const city = cities.get(`${s.state}|${cityKey}`, () => ({ name: s.city, parent: s.state, key: cityKey }));
    const districtKey = foldKey(s.district);
    const district = districts.get(`${city.id}|${districtKey}`, () => ({ name: s.district, parent: city.id, key: districtKey }));
    storeRows.add(
      s.id,
      s.merchantId,
      s.name,
      s.address,
      s.district,
      s.city,
      s.state,
      s.postalCode,
      s.latitude,
      s.longitude,
      city.id,
      district.id,
    );
    merchant.stores += 1;
    merchant.cities.add(city.id);
    merchant.districts.add(district.id);
    for (const place of [city, district]) {
      place.stores += 1;
      place.latitudes += s.latitude;
      place.longitudes += s.longitude;
    }
    counts.stores += 1;
    return null;
  };

  // Categories and brands repeat across a million rows: key each distinct name once.
  const categoryByName = new Map<string, Facet>();
  const brandByName = new Map<string, Facet>();
  const loadProduct: Loader<ProductRecord> = (p) => {
    if (products.has(p.id)) return duplicate('product', p.id);
    const merchant = merchants.get(p.merchantId);
    if (!merchant) return unknownMerchant(p.merchantId);
    const published = p.publishedAt !== null;
    products.set(p.id, published ? p.merchantId : DRAFT);
    if (published) merchant.products += 1;
    let category = categoryByName.get(p.category);
    if (category === undefined) {
      // "Eletrônicos" and "Eletronicos" are one category (one slug), named as first seen.
      const slug = slugify(p.category);
      category = categories.get(slug, () => ({ name: p.category, parent: 0, key: slug }));
      categoryByName.set(p.category, category);
    }
    let brand = brandByName.get(p.brand);
    if (brand === undefined) {
      const key = foldKey(p.brand);
      brand = brands.get(key, () => ({ name: p.brand, parent: 0, key }));
      brandByName.set(p.brand, brand);
    }
    if (p.publishedAt !== null) {
      category.products += 1;
      brand.products += 1;
      newest.offer(p.id, p.publishedAt);
      // The URL is valid (export-records.ts): its origin is what precedes the path.
      const origin = ORIGIN.exec(p.imageUrl)![0].toLowerCase();
      imageOrigins.set(origin, (imageOrigins.get(origin) ?? 0) + 1);
    }
    productValues(p, { categoryId: category.id, brandId: brand.id }, productRows.values, productRows.at);
    productRows.added();
    counts.products += 1;
    return null;
  };

  const loadEngagement: Loader<EngagementRecord> = (e) => {
    const merchantId = products.get(e.productId);
    if (merchantId === undefined) return { field: 'productId', message: `no product with id ${e.productId}` };
    if (merchantId < 0) return { field: 'productId', message: `duplicate counters for product ${e.productId}` };
    // A draft's row carries DRAFT: counted by the statistics endpoint, never listed by search.
    counterRows.add(e.productId, merchantId, e.views, e.likes, e.dislikes);
    if (merchantId === DRAFT) products.set(e.productId, COUNTED_DRAFT);
    else {
      products.set(e.productId, -merchantId);
      publishedViews.push(e.views);
      const totals = merchants.get(merchantId)!;
      totals.views += e.views;
      totals.likes += e.likes;
      totals.dislikes += e.dislikes;
    }
    counts.engagement += 1;
    return null;
  };

  /** Writes what was summed while loading: merchant statistics, places, categories, the search index's content. */
  const finish = () => {
    for (const rows of [merchantRows, storeRows, productRows]) rows.flush();
    storeIds.clear();
    // Published products without counters are listed with none (their merchant is still positive).
    products.forEach((merchantId, id) => {
      if (merchantId > 0) {
        counterRows.add(id, merchantId, 0, 0, 0);
        publishedViews.push(0);
      }
    });
    counterRows.flush();
    // Ordinals from 1, in price order (src/search/index-build/search-schema.ts, search_rows): sorted
    // on every core (the parse worker is done), in small runs (src/search/index-build/sorter-settings.ts),
    // not in the load's larger cache.
    runAsSort(db, () => db.exec(searchRowsInsert(tierThresholds(publishedViews.values()))));
    db.exec(searchDocumentsView());
    const cityById = new Map([...cities.byKey.values()].map((c) => [c.id, c]));
    const districtById = new Map([...districts.byKey.values()].map((d) => [d.id, d]));
    for (const [id, t] of merchants) {
      merchantStatsRows.add(id, t.products, t.stores, t.views, t.likes, t.dislikes);
      // Place tokens with the tier placeholder (src/search/index-build/search-schema.ts,
      // merchant_places), the whole catalog first.
      const places: string[] = [placeOfAnyTier(WHOLE_CATALOG_PLACE)];
      for (const cityId of t.cities) {
        cityById.get(cityId)!.products += t.products;
        places.push(placeOfAnyTier(cityToken(cityId)));
      }
      for (const districtId of t.districts) {
        districtById.get(districtId)!.products += t.products;
        places.push(placeOfAnyTier(districtToken(districtId)));
      }
      merchantPlacesRows.add(id, places.join(' '));
    }
    merchantStatsRows.flush();
    merchantPlacesRows.flush();
    const radii = placeRadii(db, cityById, districtById);
    for (const c of cityById.values()) {
      insertCity.run(c.id, c.name, c.parent, c.key, c.products, c.stores, ...centreOf(c), radii.cities.get(c.id) ?? 0);
    }
    for (const d of districtById.values()) {
      insertDistrict.run(d.id, d.parent, d.name, d.key, d.products, d.stores, ...centreOf(d), radii.districts.get(d.id) ?? 0);
    }
    for (const c of categories.byKey.values()) insertCategory.run(c.id, c.name, c.key, c.products);
    for (const b of brands.byKey.values()) insertBrand.run(b.id, b.name, b.key, b.products);
    for (const [position, id] of newest.ids().entries()) insertShowcase.run(position + 1, id);
    // The ids are no longer needed: give their memory back before the search index is built.
    products.clear();
    merchants.clear();
  };

  const loaders: { [K in ExportKind]: Loader<never> } = {
    merchants: loadMerchant,
    stores: loadStore,
    products: loadProduct,
    engagement: loadEngagement,
  };
  /** The origins most published products' images are at, most first, at most IMAGE_ORIGINS_KEPT. */
  const mainImageOrigins = () =>
    [...imageOrigins]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, IMAGE_ORIGINS_KEPT)
      .map(([origin]) => origin);
  return { loaders: loaders as Record<ExportKind, Loader<unknown>>, counts, finish, mainImageOrigins };
}
