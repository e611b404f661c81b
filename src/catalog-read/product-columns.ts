/**
 * The snapshot's `products` table, declared once: each column's name, its SQL type and
 * constraint, the product field it holds, and what discovery reads through it. The DDL, the
 * build's INSERT and its values, the reader's SELECT and its row type are all made from this
 * list, so a new column is one line here. A snapshot built with other columns is refused when
 * opened (catalog-reader.ts) and `npm start` rebuilds it, so SNAPSHOT_SCHEMA_VERSION need not
 * change for a column. Append: the order is the table's.
 */
export const PRODUCT_COLUMNS = [
  { name: 'id', sql: 'INTEGER PRIMARY KEY', field: 'id' },
  {
    name: 'merchant_id',
    sql: 'INTEGER NOT NULL',
    field: 'merchantId',
    lookups: {
      merchantName: '(SELECT name FROM merchants WHERE id = p.merchant_id)',
      merchantSlug: '(SELECT slug FROM merchants WHERE id = p.merchant_id)',
    },
  },
  { name: 'title', sql: 'TEXT NOT NULL', field: 'title' },
  { name: 'description', sql: 'TEXT NOT NULL', field: 'description' },
  { name: 'category', sql: 'TEXT NOT NULL', field: 'category' },
  // Read as its slug, not as itself.
  {
    name: 'category_id',
    sql: 'INTEGER NOT NULL',
    field: 'categoryId',
    unread: true,
    lookups: { categorySlug: '(SELECT slug FROM categories WHERE id = p.category_id)' },
  },
  { name: 'brand', sql: 'TEXT NOT NULL', field: 'brand' },
  { name: 'brand_id', sql: 'INTEGER NOT NULL', field: 'brandId', unread: true },
  { name: 'price_cents', sql: 'INTEGER NOT NULL', field: 'priceCents' },
  { name: 'slug', sql: 'TEXT NOT NULL', field: 'slug' },
  { name: 'image_url', sql: 'TEXT NOT NULL', field: 'imageUrl' },
  { name: 'published_at', sql: 'TEXT', field: 'publishedAt' },
  { name: 'updated_at', sql: 'TEXT NOT NULL', field: 'updatedAt' },
  // The offer's facts (src/catalog-build/offer-facts.ts): null when the export gave none, or the build dropped it.
  { name: 'availability', sql: 'TEXT', field: 'availability' },
  { name: 'list_price_cents', sql: 'INTEGER', field: 'listPriceCents' },
  { name: 'pix_price_cents', sql: 'INTEGER', field: 'pixPriceCents' },
  { name: 'installments_count', sql: 'INTEGER', field: 'installmentsCount', from: (r) => r.installments?.count ?? null },
  {
    name: 'installments_interest_free',
    sql: 'INTEGER',
    field: 'installmentsInterestFree',
    from: (r) => (r.installments == null ? null : r.installments.interestFree ? 1 : 0),
  },
  { name: 'condition', sql: 'TEXT', field: 'condition' },
  { name: 'gtin', sql: 'TEXT', field: 'gtin' },
] as const satisfies readonly ProductColumn[];

/** What a column written `from` the record reads of it: the installments, one object in the export. */
interface NestedFields {
  installments?: { count: number; interestFree: boolean } | null | undefined;
}

interface ProductColumn {
  /** The column's name in SQL. */
  name: string;
  /** Its type and constraint, as the DDL states them. */
  sql: string;
  /** The product's field it holds: the export record's, or an id the build assigns (AssignedIds). */
  field: string;
  /** Not read by discovery as itself. */
  unread?: true;
  /** Text discovery reads through it from another table: row field → scalar subquery on `p`. */
  lookups?: Readonly<Record<string, string>>;
  /** Written from the record by this (a part of a nested field), not from a field of its name. */
  from?: (record: NestedFields) => number | string | null;
}

type Column = (typeof PRODUCT_COLUMNS)[number];

/** Ids the build gives a product's category and brand: the export carries their names only. */
export interface AssignedIds {
  categoryId: number;
  brandId: number;
}

/** What a column's SQL type reads as: a column without NOT NULL (or PRIMARY KEY) may be null. */
type SqlValue<S extends string> =
  | (S extends `INTEGER${string}` | `REAL${string}` ? number : string)
  | (S extends `${string}NOT NULL` | `${string}PRIMARY KEY` ? never : null);

/** A products row as discovery reads it: the columns read as themselves, then the lookups' text. */
export type ProductColumnsRow = { [C in Column as C extends { unread: true } ? never : C['field']]: SqlValue<C['sql']> } & {
  [K in Column extends infer C ? (C extends { lookups: infer L } ? keyof L : never) : never]: string;
};

/** A published product as discovery shows it (the reader reads published products only). */
export type ProductRow = ProductColumnsRow & { publishedAt: string };

/** The export record's fields the table holds (the record itself is the build's, src/catalog-build/); a nullable column's may be absent. */
export type ProductRecordFields = {
  [C in Column as C['field'] extends keyof AssignedIds ? never : C extends { from: unknown } ? never : C['field']]?: unknown;
} & NestedFields;

/** The table's declaration, as the snapshot's schema has it. */
export const PRODUCTS_TABLE = `CREATE TABLE products (
${PRODUCT_COLUMNS.map((c) => `  ${c.name} ${c.sql}`).join(',\n')}
);`;

/** The columns in the table's order: the build's insert names them (src/catalog-build/grouped-insert.ts), productValues fills them. */
export const PRODUCT_COLUMN_NAMES = PRODUCT_COLUMNS.map((c) => c.name);

const FIELDS = PRODUCT_COLUMNS.map((c) => c.field);
const ASSIGNED_IDS = new Set<string>(['categoryId', 'brandId'] satisfies (keyof AssignedIds)[]);
const FROM_IDS = FIELDS.map((field) => ASSIGNED_IDS.has(field));
const FROM_RECORD = PRODUCT_COLUMNS.map((c: ProductColumn) => c.from ?? null);

/**
 * A product's values in PRODUCT_COLUMN_NAMES' order, written into `into` from `at` (a build inserts a million
 * rows, several at a time: the caller keeps one array).
 */
export function productValues(record: ProductRecordFields, ids: AssignedIds, into: unknown[] = [], at = 0): unknown[] {
  for (let i = 0; i < FIELDS.length; i++) {
    const field = FIELDS[i]!;
    const from = FROM_RECORD[i];
    // An absent optional field is NULL (SQLite binds no undefined).
    into[at + i] = FROM_IDS[i]
      ? ids[field as keyof AssignedIds]
      : from
        ? from(record)
        : (record[field as keyof ProductRecordFields] ?? null);
  }
  return into;
}

/** The SELECT list of a ProductRow, from `products p`: each read column under its field's name, each lookup after its column. */
export const PRODUCT_ROW_SELECT = PRODUCT_COLUMNS.flatMap((c: ProductColumn) => [
  ...(c.unread ? [] : [`p.${c.name} AS ${c.field}`]),
  ...Object.entries(c.lookups ?? {}).map(([field, sql]) => `${sql} AS ${field}`),
]).join(', ');
