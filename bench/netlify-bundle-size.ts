/**
 * How big a catalog fits in a Netlify Function: the `service` Function bundled by Netlify's own
 * bundler (@netlify/zip-it-and-ship-it, with netlify.toml's settings, as a deploy bundles it) with
 * snapshots of generated catalogs of several sizes; unzipped (archiveFormat 'none') and zipped
 * ('zip', the archive a deploy uploads), against Netlify's limits.
 *
 *   node bench/netlify-bundle-size.ts [--sizes 10000,100000,300000,1000000]
 *   npm run bench -- --only bundle [--sizes …]
 *
 * The repository is left alone: the bundler runs on a mirror of it in a temporary folder (hard
 * links: no copy of node_modules) whose data/catalog.sqlite is the snapshot being measured.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_PROCESS_FLAGS } from '../src/catalog-build/build-process.ts';
import { deflatedSize, NETLIFY_FUNCTION_LIMITS } from '../src/netlify-build/bundle-size.ts';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';
import { mb, measureServiceBundle, mirrorProject } from './support/netlify-bundle.ts';

export interface BundleRow {
  products: number;
  snapshotBytes: number;
  unzippedBytes: number;
  zippedBytes: number;
  /** The snapshot's own entry in the zip (compressed). */
  snapshotZippedBytes: number;
  /** The build check's own measure of it (src/netlify-build/bundle-size.ts) and its time. */
  deflatedBytes: number;
  deflateSeconds: number;
  fits: boolean;
}

export interface BundleFigures {
  rows: BundleRow[];
  /** The bundle without the snapshot (the largest row's bundle minus its snapshot). */
  rest: { unzippedBytes: number; zippedBytes: number };
  /** Snapshot bytes = intercept + perProduct × products (least squares over the rows). */
  snapshotFit: { intercept: number; perProduct: number };
  /** Snapshot's zipped/unzipped ratio, over the rows of 100,000 products or more (all rows if none). */
  snapshotZipRatio: number;
  largest: { products: number; boundBy: 'unzipped' | 'zipped' };
}

/** The sum of the sizes of the files under `dir`: what an unzipped bundle weighs. */
/** Generates, builds and bundles a catalog of each size, one at a time (the machine has other work). */
export async function benchNetlifyBundleSize(sizes: number[], log: (line: string) => void = console.error): Promise<BundleFigures> {
  const work = mkdtempSync(join(tmpdir(), 'catalog-bundle-size-'));
  try {
    if (!existsSync('dist/server/entry.mjs')) {
      log('[bench] building the site first…');
      execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], { stdio: 'inherit' });
    }
    log('[bench] mirroring the project (hard links)…');
    const mirror = await mirrorProject(work);
    const rows: BundleRow[] = [];
    let rest = { unzippedBytes: 0, zippedBytes: 0 };
    for (const products of sizes) {
      const source = join(work, 'export');
      const snapshot = join(work, 'catalog.sqlite');
      log(`[bench] generating ${products} products…`);
      await generateCatalog({ products, outDir: source });
      const built = spawnSync(process.execPath, [...BUILD_PROCESS_FLAGS, 'scripts/build-catalog.ts'], {
        env: { ...process.env, CATALOG_SOURCE: source, CATALOG_DB: snapshot },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (built.status !== 0) throw new Error(`the catalog of ${products} products does not build`);
      rmSync(source, { recursive: true, force: true });
      log(`[bench] bundling (${products} products)…`);
      const measured = await measureServiceBundle(mirror, snapshot, work);
      const started = performance.now();
      const deflatedBytes = deflatedSize(snapshot);
      const deflateSeconds = (performance.now() - started) / 1000;
      const snapshotBytes = statSync(snapshot).size;
      const row: BundleRow = {
        products,
        snapshotBytes,
        ...measured,
        deflatedBytes,
        deflateSeconds,
        fits:
          measured.unzippedBytes <= NETLIFY_FUNCTION_LIMITS.unzippedBytes && measured.zippedBytes <= NETLIFY_FUNCTION_LIMITS.zippedBytes,
      };
      rows.push(row);
      rest = { unzippedBytes: row.unzippedBytes - snapshotBytes, zippedBytes: row.zippedBytes - row.snapshotZippedBytes };
      log(
        `[bench] ${products} products: snapshot ${mb(snapshotBytes)} MB, bundle ${mb(row.unzippedBytes)} MB unzipped, ` +
          `${mb(row.zippedBytes)} MB zipped (snapshot ${mb(row.snapshotZippedBytes)} MB of it; deflated apart ${mb(deflatedBytes)} MB in ${deflateSeconds.toFixed(1)} s)`,
      );
      rmSync(snapshot, { force: true });
    }
    return { rows, rest, ...fitLargest(rows, rest) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The largest catalog that fits, from a straight line through the snapshot sizes and the snapshot's zip ratio. */
export function fitLargest(rows: BundleRow[], rest: { unzippedBytes: number; zippedBytes: number }) {
  const n = rows.length;
  const meanX = rows.reduce((s, r) => s + r.products, 0) / n;
  const meanY = rows.reduce((s, r) => s + r.snapshotBytes, 0) / n;
  const sxx = rows.reduce((s, r) => s + (r.products - meanX) ** 2, 0);
  const perProduct = n > 1 ? rows.reduce((s, r) => s + (r.products - meanX) * (r.snapshotBytes - meanY), 0) / sxx : meanY / meanX;
  const intercept = n > 1 ? meanY - perProduct * meanX : 0;
  const large = rows.filter((r) => r.products >= 100_000);
  const ratioRows = large.length > 0 ? large : rows;
  const snapshotZipRatio = ratioRows.reduce((s, r) => s + r.snapshotZippedBytes, 0) / ratioRows.reduce((s, r) => s + r.snapshotBytes, 0);
  const byUnzipped = (NETLIFY_FUNCTION_LIMITS.unzippedBytes - rest.unzippedBytes - intercept) / perProduct;
  const byZipped = ((NETLIFY_FUNCTION_LIMITS.zippedBytes - rest.zippedBytes) / snapshotZipRatio - intercept) / perProduct;
  const boundBy: 'unzipped' | 'zipped' = byZipped < byUnzipped ? 'zipped' : 'unzipped';
  return {
    snapshotFit: { intercept, perProduct },
    snapshotZipRatio,
    largest: { products: Math.floor(Math.min(byUnzipped, byZipped) / 1000) * 1000, boundBy },
  };
}

/** The figures as the Markdown table of docs/benchmarks.md, and the lines below it. */
export function formatBundleFigures(f: BundleFigures): string[] {
  const n = (value: number) => value.toLocaleString('en-US');
  return [
    '| products | snapshot MB | bundle unzipped MB | bundle zipped MB | snapshot zipped MB | fits? |',
    '| -------: | ----------: | -----------------: | ---------------: | -----------------: | :---- |',
    ...f.rows.map(
      (r) =>
        `| ${n(r.products)} | ${mb(r.snapshotBytes)} | ${mb(r.unzippedBytes)} | ${mb(r.zippedBytes)} | ${mb(r.snapshotZippedBytes)} | ` +
        `${r.fits ? 'yes' : `no (${[r.unzippedBytes > NETLIFY_FUNCTION_LIMITS.unzippedBytes ? 'unzipped' : '', r.zippedBytes > NETLIFY_FUNCTION_LIMITS.zippedBytes ? 'zipped' : ''].filter(Boolean).join(', ')})`} |`,
    ),
    '',
    `limits: ${mb(NETLIFY_FUNCTION_LIMITS.unzippedBytes)} MB unzipped, ${mb(NETLIFY_FUNCTION_LIMITS.zippedBytes)} MB zipped (MB = MiB); ` +
      `bundle without the snapshot: ${n(f.rest.unzippedBytes)} bytes unzipped, ${n(f.rest.zippedBytes)} bytes zipped`,
    `snapshot: ${n(Math.round(f.snapshotFit.intercept))} + ${f.snapshotFit.perProduct.toFixed(1)} bytes per product; zipped to ${(f.snapshotZipRatio * 100).toFixed(1)}% of that`,
    `largest catalog that fits: about ${n(f.largest.products)} products (bound by the ${f.largest.boundBy} limit)`,
    `the build check's deflate of the snapshot: ${f.rows.map((r) => `${n(r.products)}: ${((r.deflatedBytes / r.snapshotZippedBytes - 1) * 100).toFixed(2)}% off the zip entry, ${r.deflateSeconds.toFixed(1)} s`).join('; ')}`,
  ];
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,100000,300000,1000000' } } });
  const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
  if (sizes.some((s) => !Number.isInteger(s) || s < 1)) throw new Error('--sizes: whole numbers, comma-separated');
  for (const line of formatBundleFigures(await benchNetlifyBundleSize(sizes))) console.log(line);
}
