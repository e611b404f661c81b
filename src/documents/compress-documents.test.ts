import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentCompressor } from './compress-documents.ts';
import { SITEMAP_MAX_URLS, writeSitemap } from './sitemap-writer.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'compress-documents-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('documentCompressor', () => {
  it('writes Brotli and gzip forms that decompress to each document, however many are given at once', async () => {
    const compressor = documentCompressor(dir);
    const texts = Array.from({ length: 9 }, (_, i) => `documento ${i} `.repeat(1000 + i));
    texts.forEach((text, i) => {
      writeFileSync(join(dir, `d${i}.txt`), text);
      compressor.add(`d${i}.txt`);
    });
    await compressor.done();
    texts.forEach((text, i) => {
      expect(brotliDecompressSync(readFileSync(join(dir, `d${i}.txt.br`))).toString()).toBe(text);
      expect(gunzipSync(readFileSync(join(dir, `d${i}.txt.gz`))).toString()).toBe(text);
    });
    // Nothing given: done at once.
    await documentCompressor(dir).done();
  });

  it('rejects with the first failure once every document given is settled', async () => {
    const compressor = documentCompressor(dir);
    writeFileSync(join(dir, 'ok.txt'), 'ok');
    compressor.add('missing.txt');
    compressor.add('ok.txt');
    await expect(compressor.done()).rejects.toThrow(/ENOENT/);
    expect(existsSync(join(dir, 'ok.txt.gz'))).toBe(true);
  });
});

describe('writeSitemap, child by child', () => {
  it('tells of each child sitemap once it is complete and another follows (the last is the caller’s), never of a lone urlset', async () => {
    const entries = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ loc: `https://loja.example/produtos/${i}/x`, lastmod: '2026-11-28T00:00:00Z' }));
    const done: string[] = [];
    const index = await writeSitemap(dir, 'https://loja.example', entries(SITEMAP_MAX_URLS * 2 + 1), undefined, (path) => {
      // Complete when told: its closing tag is there.
      expect(readFileSync(join(dir, path), 'utf8').endsWith('</urlset>\n')).toBe(true);
      done.push(path);
    });
    expect(index.children).toBe(3);
    expect(done).toEqual(['sitemaps/sitemap-1.xml', 'sitemaps/sitemap-2.xml']);
    const single: string[] = [];
    expect((await writeSitemap(dir, 'https://loja.example', entries(10), undefined, (path) => single.push(path))).children).toBe(0);
    expect(single).toEqual([]);
  });

  it('writes every entry whole across its write buffer, characters of several bytes included', async () => {
    // About 3 MiB of entries: three buffers and more, with two- and three-byte characters at every offset.
    const locs = Array.from({ length: 20_000 }, (_, i) => `https://loja.example/produtos/${i}/açaí-${'€'.repeat(i % 97)}`);
    const result = await writeSitemap(
      dir,
      'https://loja.example',
      locs.map((loc) => ({ loc, lastmod: '2026-11-28T00:00:00Z' })),
    );
    expect(result).toEqual({ urls: 20_000, children: 0, skipped: 0 });
    const xml = readFileSync(join(dir, 'sitemap.xml'), 'utf8');
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual(locs);
    expect(xml.endsWith('</urlset>\n')).toBe(true);
  });

  it('rejects with the failure of its entries or of a child it cannot open', async () => {
    function* failing() {
      yield { loc: 'https://loja.example/produtos/1/x', lastmod: '2026-11-28T00:00:00Z' };
      throw new Error('the catalog went away');
    }
    await expect(writeSitemap(dir, 'https://loja.example', failing())).rejects.toThrow('the catalog went away');
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({
      loc: `https://loja.example/produtos/${i}/x`,
      lastmod: '2026-11-28T00:00:00Z',
    }));
    // A folder where the second child goes, made once the first is done.
    const blocked = writeSitemap(dir, 'https://loja.example', entries, undefined, () => mkdirSync(join(dir, 'sitemaps', 'sitemap-2.xml')));
    await expect(blocked).rejects.toThrow(/EISDIR/);
  });
});
