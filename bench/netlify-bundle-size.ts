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
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveConfig } from '@netlify/config';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { linkTree } from '../src/lib/file-tree.ts';
import { deflatedSize, NETLIFY_FUNCTION_LIMITS } from '../src/netlify-build/bundle-size.ts';
import { BUILD_PROCESS_FLAGS } from '../src/snapshot-build/build-process.ts';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';

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
function treeBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    bytes += entry.isDirectory() ? treeBytes(path) : lstatSync(path).size;
  }
  return bytes;
}

/** Each entry of a zip file with its compressed size, read from the central directory. */
export function zipEntrySizes(file: string): Map<string, number> {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const read = (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, position);
      return buffer;
    };
    const tailLength = Math.min(size, 65_557);
    const tail = read(size - tailLength, tailLength);
    const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0) throw new Error(`${file}: no end of central directory`);
    const count = tail.readUInt16LE(end + 10);
    const directory = read(tail.readUInt32LE(end + 16), tail.readUInt32LE(end + 12));
    const entries = new Map<string, number>();
    for (let offset = 0, n = 0; n < count; n++) {
      if (directory.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: bad central directory entry`);
      const compressed = directory.readUInt32LE(offset + 20);
      if (compressed === 0xffffffff) throw new Error(`${file}: zip64 entries are not read here`);
      const nameLength = directory.readUInt16LE(offset + 28);
      const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
      entries.set(name, compressed);
      offset += 46 + nameLength + directory.readUInt16LE(offset + 30) + directory.readUInt16LE(offset + 32);
    }
    return entries;
  } finally {
    closeSync(fd);
  }
}

type FunctionsToml = Record<string, { included_files?: string[]; node_bundler?: 'nft' | 'esbuild'; external_node_modules?: string[] }>;

/** netlify.toml's [functions] blocks as a deploy hands them to the bundler (camelCase keys). */
async function bundlerConfig(root: string) {
  const { config } = await resolveConfig({ cwd: root, offline: true });
  return Object.fromEntries(
    Object.entries((config.functions ?? {}) as FunctionsToml).map(([name, settings]) => [
      name,
      { includedFiles: settings.included_files, nodeBundler: settings.node_bundler, externalNodeModules: settings.external_node_modules },
    ]),
  );
}

const MiB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MiB).toFixed(1);

export interface ProjectMirror {
  /** The mirror's root: bundle from here. */
  root: string;
  /** netlify.toml's settings for the bundler. */
  config: Awaited<ReturnType<typeof bundlerConfig>>;
}

/**
 * The files a deploy bundles the service Function from (node_modules, src, netlify, the server
 * build, netlify.toml, package.json), hard-linked under `dir`: the bundler runs there with any
 * snapshot in data/, and the repository's own data/ is never touched.
 */
export async function mirrorProject(dir: string): Promise<ProjectMirror> {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('dist/server is missing: build the site first (npm run build)');
  const root = join(dir, 'site');
  for (const sub of ['node_modules', 'src', 'netlify', join('dist', 'server')]) linkTree(sub, join(root, sub));
  for (const file of ['netlify.toml', 'package.json']) copyFileSync(file, join(root, file));
  mkdirSync(join(root, 'data'));
  return { root, config: await bundlerConfig(root) };
}

export interface ServiceBundle {
  unzippedBytes: number;
  zippedBytes: number;
  /** The snapshot's own entry in the zip (compressed). */
  snapshotZippedBytes: number;
}

/** Bundles the mirror's service Function with `snapshot` as its data/catalog.sqlite, unzipped and zipped, and weighs both. */
export async function measureServiceBundle(mirror: ProjectMirror, snapshot: string, work: string): Promise<ServiceBundle> {
  const placed = join(mirror.root, 'data', 'catalog.sqlite');
  rmSync(placed, { force: true });
  linkSync(snapshot, placed);
  const bundle = async (archiveFormat: 'none' | 'zip') => {
    const out = join(work, `out-${archiveFormat}`);
    rmSync(out, { recursive: true, force: true });
    const result = await zipFunction(join(mirror.root, 'netlify', 'functions', 'service.ts'), out, {
      archiveFormat,
      basePath: mirror.root,
      repositoryRoot: mirror.root,
      config: mirror.config,
    });
    if (!result) throw new Error('the service function was not bundled');
    return result.path;
  };
  try {
    const unzippedBytes = treeBytes(await bundle('none'));
    const zip = await bundle('zip');
    const entries = zipEntrySizes(zip);
    const snapshotEntry = [...entries.keys()].find((name) => name.endsWith('data/catalog.sqlite'));
    if (snapshotEntry === undefined) throw new Error('the bundle has no snapshot');
    return { unzippedBytes, zippedBytes: statSync(zip).size, snapshotZippedBytes: entries.get(snapshotEntry)! };
  } finally {
    rmSync(placed, { force: true });
    for (const format of ['none', 'zip']) rmSync(join(work, `out-${format}`), { recursive: true, force: true });
  }
}

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
