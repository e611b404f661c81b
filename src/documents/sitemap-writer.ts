import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { SITEMAP_CHILD_DIR } from './document-files.ts';
import { escapeXml } from './text-escape.ts';

/** sitemaps.org limits per file: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 52_428_800;
/** The protocol's longest `loc` (sitemap.xsd: maxLength 2048). */
const MAX_LOC = 2048;

export interface SitemapEntry {
  loc: string;
  /** W3C datetime. */
  lastmod: string;
}

export interface SitemapResult {
  urls: number;
  /** Child files besides /sitemap.xml; 0 when /sitemap.xml is the only one (a urlset). */
  children: number;
  /** Entries left out: too long for the protocol. */
  skipped: number;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const TAIL = '</urlset>\n';
/**
 * The bytes a child gathers before each write. Entries are encoded straight into it: joining
 * strings and writing them through a stream took four times as long, most of a million products'
 * sitemap (docs/benchmarks.md, "Compressed documents"). An entry (a loc of at most 2048
 * characters) always fits in an empty one.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** An open child sitemap: written in buffered pieces, closed at its URL or byte limit. */
class ChildFile {
  urls = 0;
  bytes = Buffer.byteLength(HEAD) + Buffer.byteLength(TAIL);
  lastmod = '';
  private readonly buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  private used = 0;

  readonly file: string;
  private readonly handle: FileHandle;

  private constructor(file: string, handle: FileHandle) {
    this.file = file;
    this.handle = handle;
    this.used = this.buffer.write(HEAD);
  }

  static async open(file: string): Promise<ChildFile> {
    return new ChildFile(file, await open(file, 'w'));
  }

  fits(bytes: number): boolean {
    return this.urls < SITEMAP_MAX_URLS && this.bytes + bytes <= SITEMAP_MAX_BYTES;
  }

  async add(xml: string, bytes: number, lastmod: string): Promise<void> {
    if (this.used + bytes > this.buffer.length) await this.flush();
    this.used += this.buffer.write(xml, this.used);
    this.urls += 1;
    this.bytes += bytes;
    if (lastmod > this.lastmod) this.lastmod = lastmod;
  }

  private async flush(): Promise<void> {
    for (let written = 0; written < this.used; ) {
      written += (await this.handle.write(this.buffer, written, this.used - written)).bytesWritten;
    }
    this.used = 0;
  }

  async close(): Promise<void> {
    try {
      if (this.used + Buffer.byteLength(TAIL) > this.buffer.length) await this.flush();
      this.used += this.buffer.write(TAIL, this.used);
      await this.flush();
    } finally {
      await this.handle.close();
    }
  }

  /** Closes the file without finishing it (a failed write): the caller removes the folder. */
  abandon(): Promise<void> {
    return this.handle.close().catch(() => {});
  }
}

/**
 * Writes /sitemap.xml into `dir` from a stream of entries: one urlset while the entries fit in one
 * file, otherwise a sitemap index over child files in /sitemaps/. Each child closes at 50,000 URLs
 * or 50 MB; the index gives each child the latest lastmod of its URLs. Entries are escaped for XML.
 */
export async function writeSitemap(
  dir: string,
  siteUrl: string,
  entries: Iterable<SitemapEntry>,
  onProgress?: (urls: number) => void,
  /** A child sitemap (its path under `dir`) is complete, and another follows: the sitemap is an index. */
  onChildDone?: (path: string) => void,
): Promise<SitemapResult> {
  const childDir = join(dir, SITEMAP_CHILD_DIR);
  rmSync(childDir, { recursive: true, force: true });
  mkdirSync(childDir, { recursive: true });
  const children: ChildFile[] = [];
  let current: ChildFile | null = null;
  let urls = 0;
  let skipped = 0;
  try {
    for (const entry of entries) {
      if (entry.loc.length > MAX_LOC) {
        skipped += 1;
        continue;
      }
      const xml = `<url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod></url>\n`;
      const bytes = Buffer.byteLength(xml);
      if (current === null || !current.fits(bytes)) {
        if (current !== null) {
          const done = current;
          current = null;
          await done.close();
          onChildDone?.(`${SITEMAP_CHILD_DIR}/sitemap-${children.length}.xml`);
        }
        current = await ChildFile.open(join(childDir, `sitemap-${children.length + 1}.xml`));
        children.push(current);
      }
      await current.add(xml, bytes, entry.lastmod);
      urls += 1;
      if (onProgress && urls % 100_000 === 0) onProgress(urls);
    }
    const last = current;
    current = null;
    await last?.close();
  } finally {
    await current?.abandon();
  }

  const sitemap = join(dir, 'sitemap.xml');
  if (children.length <= 1) {
    // One file holds everything: it is the sitemap itself, not an index of one.
    if (children.length === 1) renameSync(children[0]!.file, sitemap);
    else await writeWhole(sitemap, HEAD + TAIL);
    rmSync(childDir, { recursive: true, force: true });
    return { urls, children: 0, skipped };
  }
  const index = children
    .map(
      (child, i) =>
        `<sitemap><loc>${escapeXml(`${siteUrl}/${SITEMAP_CHILD_DIR}/sitemap-${i + 1}.xml`)}</loc><lastmod>${child.lastmod}</lastmod></sitemap>\n`,
    )
    .join('');
  await writeWhole(
    sitemap,
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index}</sitemapindex>\n`,
  );
  return { urls, children: children.length, skipped };
}

async function writeWhole(file: string, text: string): Promise<void> {
  const stream = createWriteStream(file);
  stream.end(text);
  await once(stream, 'close');
}
