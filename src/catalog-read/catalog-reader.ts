import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createDiscoveryReader, type DiscoveryReader } from './discovery-reader.ts';
import { createDocumentsReader, type DocumentsReader } from './documents-reader.ts';
import { PRODUCTS_TABLE } from './product-columns.ts';
import { META, SNAPSHOT_SCHEMA_VERSION } from './snapshot-schema.ts';

export interface CatalogMeta {
  catalogVersion: string;
  generatedAt: string;
}

export interface EngagementCounts {
  views: number;
  likes: number;
  dislikes: number;
}

export interface MerchantTotals extends EngagementCounts {
  productsCount: number;
  storesCount: number;
}

/** Read-only queries over an opened snapshot; statements are prepared once, at open. */
export interface CatalogReader {
  readonly meta: CatalogMeta;
  /** A fingerprint of the export the snapshot was built from (an unchanged export needs no rebuild). */
  readonly sourceFingerprint: string;
  /** Where most products' images are (scheme and host, most first): the origins the product cards may load. */
  readonly imageOrigins: readonly string[];
  productEngagement(productId: number): EngagementCounts | undefined;
  merchantTotals(merchantId: number): MerchantTotals | undefined;
  /** The MCP tools' queries. */
  readonly discovery: DiscoveryReader;
  /** The public documents' queries (showcase, sitemap). */
  readonly documents: DocumentsReader;
  /**
   * What `open` makes of this snapshot's open handle, made on first use and kept with the reader:
   * how the search wing's index reader (src/search/index-read/) reads the same connection, its
   * statements prepared once per snapshot, while the catalog knows nothing of search.
   */
  attach<T>(open: (db: Database.Database) => T): T;
  close(): void;
}

export class SnapshotError extends Error {}

/**
 * `memoryMap: false` for one pass over the whole snapshot (the build's documents): pages read once
 * need no mapping, and mapped pages would count in the process's memory (RSS) as it reads.
 */
export function openCatalog(file: string, options: { memoryMap?: boolean } = {}): CatalogReader {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new SnapshotError(`cannot open the catalog snapshot ${file}: ${(error as Error).message}`);
  }
  try {
    // Keep the shared lock for the life of the connection instead of taking it (with file reads
    // and syscalls) on every query, which costs more than the lookup (docs/benchmarks.md, "Stats
    // throughput figures"). The snapshot is never written in place (builds rename a new file over
    // it), so no writer waits on this lock.
    db.pragma('locking_mode = EXCLUSIVE');
    // Read pages through a memory map instead of a read() call each: the snapshot is read-only,
    // and the kernel's page cache then serves every process that opens it.
    if (options.memoryMap ?? true) db.pragma('mmap_size = 1073741824');
    const metaRows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
    const meta = new Map(metaRows.map((r) => [r.key, r.value]));
    if (meta.get(META.schemaVersion) !== SNAPSHOT_SCHEMA_VERSION) {
      throw new SnapshotError(
        `catalog snapshot ${file} has schema version ${meta.get(META.schemaVersion) ?? 'none'}, expected ${SNAPSHOT_SCHEMA_VERSION}: rebuild it`,
      );
    }
    // The products table is the column list's (product-columns.ts): a column added there needs no
    // new schema version, as a snapshot without it is refused here, by name, and rebuilt.
    const products = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'products'").pluck().get();
    if (`${products};` !== PRODUCTS_TABLE) {
      throw new SnapshotError(`catalog snapshot ${file} has other product columns than this version reads: rebuild it`);
    }
    // Raw rows (arrays): cheaper than row objects on the stats hot path.
    const engagement = db.prepare('SELECT views, likes, dislikes FROM engagement WHERE product_id = ?').raw(true);
    const merchant = db
      .prepare('SELECT products_count, stores_count, views, likes, dislikes FROM merchant_stats WHERE merchant_id = ?')
      .raw(true);
    const discovery = createDiscoveryReader(db);
    const documents = createDocumentsReader(db);
    const attached = new Map<(db: Database.Database) => unknown, unknown>();
    return {
      attach: <T>(open: (db: Database.Database) => T): T => {
        if (!attached.has(open)) attached.set(open, open(db));
        return attached.get(open) as T;
      },
      discovery,
      documents,
      close: () => db.close(),
      meta: { catalogVersion: meta.get(META.catalogVersion) ?? '', generatedAt: meta.get(META.generatedAt) ?? '' },
      sourceFingerprint: meta.get(META.sourceFingerprint) ?? '',
      imageOrigins: JSON.parse(meta.get(META.imageOrigins) ?? '[]') as string[],
      productEngagement: (id) => {
        const row = engagement.get(id) as [number, number, number] | undefined;
        return row && { views: row[0], likes: row[1], dislikes: row[2] };
      },
      merchantTotals: (id) => {
        const row = merchant.get(id) as [number, number, number, number, number] | undefined;
        return row && { productsCount: row[0], storesCount: row[1], views: row[2], likes: row[3], dislikes: row[4] };
      },
    };
  } catch (error) {
    db.close();
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`catalog snapshot ${file} is unreadable: ${(error as Error).message}`);
  }
}

/**
 * Opens the snapshot on first use and keeps it until the file at its path is replaced and it is
 * told: a build renames a new snapshot over the old one, and `refresh()` (the self-hosted server
 * calls it when `npm run rebuild` says so, and on SIGHUP) opens the new file and answers from it
 * from then on. Requests that
 * took the old reader keep it: it is closed `releaseAfterMs` later, which releases the replaced
 * file. A failed open is not cached, and a new file that cannot be opened leaves the old reader
 * in use: the next refresh tries again.
 */
export function lazyCatalog(file: string, options: { releaseAfterMs?: number; log?: (message: string) => void } = {}): LazyCatalog {
  let reader: CatalogReader | undefined;
  let opened: string | null = null;
  const retiring = new Set<{ reader: CatalogReader; timer: NodeJS.Timeout }>();
  const release = options.releaseAfterMs ?? 30_000;

  const open = (): CatalogReader => {
    const identity = fileIdentity(file);
    const next = openCatalog(file);
    opened = identity;
    return next;
  };
  const catalog = (() => (reader ??= open())) as LazyCatalog;
  catalog.current = () => reader?.meta ?? null;
  catalog.refresh = (accept) => {
    // Nothing open yet: open what is in place, so that `accept` weighs it (documents taken up
    // before the first request are checked as well as later ones).
    if (reader === undefined && accept !== undefined) {
      try {
        reader = open();
      } catch {
        return 'unchanged';
      }
    }
    if (reader === undefined || fileIdentity(file) === opened) {
      const refusal = reader === undefined ? null : (accept?.(reader.meta) ?? null);
      if (refusal !== null) options.log?.(refusal);
      return refusal === null ? 'unchanged' : 'failed';
    }
    const previous = opened;
    let next: CatalogReader;
    try {
      next = open();
    } catch (error) {
      options.log?.(`a new snapshot is in place but cannot be opened yet: ${(error as Error).message}`);
      return 'failed';
    }
    const refusal = accept?.(next.meta) ?? null;
    if (refusal !== null) {
      // Not taken up: the next refresh weighs the same file again.
      next.close();
      opened = previous;
      options.log?.(refusal);
      return 'failed';
    }
    const old = reader;
    reader = next;
    const entry = { reader: old, timer: setTimeout(() => retire(entry), release) };
    entry.timer.unref();
    retiring.add(entry);
    return 'swapped';
  };
  const retire = (entry: { reader: CatalogReader; timer: NodeJS.Timeout }) => {
    clearTimeout(entry.timer);
    entry.reader.close();
    retiring.delete(entry);
  };
  catalog.close = () => {
    for (const entry of retiring) retire(entry);
    reader?.close();
    reader = undefined;
    opened = null;
  };
  return catalog;
}

/** The file a path names now (device, inode, size, time): a rename over it gives another; null when there is none. */
export function fileIdentity(file: string): string | null {
  try {
    const { dev, ino, size, mtimeMs } = statSync(file);
    return `${dev}:${ino}:${size}:${mtimeMs}`;
  } catch {
    return null;
  }
}

/** The process's reader, opened on first use; close() releases it. */
export interface LazyCatalog {
  (): CatalogReader;
  /** The open snapshot's version and time, without opening one. */
  current(): CatalogMeta | null;
  /**
   * Opens the file now at the path if it is another one: "swapped" when the reader changed,
   * "unchanged" when the file is the one open (or none was opened yet), "failed" when the new file
   * cannot be opened or `accept` refuses the snapshot that would serve (the old reader stays; the
   * refusal is logged).
   */
  refresh(accept?: (meta: CatalogMeta) => string | null): 'swapped' | 'unchanged' | 'failed';
  close(): void;
}
