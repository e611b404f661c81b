/**
 * Build of a generated catalog (1,000,000 products by default) against the raw insert of the same
 * rows, both as child processes in the same run, with peak RSS.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCatalog } from '../src/catalog/generate/generate.ts';

export interface BuildFigures {
  products: number;
  buildSeconds: number;
  buildMaxRssMb: number;
  rawInsertSeconds: number;
  rawInsertMaxRssMb: number;
}

/** Runs the real build script, progress shown, and reports its wall time and peak RSS. */
function timedBuild(sourceDir: string, outFile: string, rssFile: string): { seconds: number; maxRssMb: number } {
  // A preloaded one-liner writes the build process's own peak RSS (worker threads included).
  const reportRss = `import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));`;
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(reportRss)}`, 'scripts/build-catalog.ts'], {
    env: { ...process.env, CATALOG_SOURCE: sourceDir, CATALOG_DB: outFile, BENCH_RSS_FILE: rssFile },
    stdio: 'inherit',
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error('the catalog build failed');
  return { seconds, maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

/** `keepSnapshot`: where to leave the built snapshot (the stats benchmark reuses it). */
export async function benchSnapshotBuild(products: number, keepSnapshot?: string): Promise<BuildFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  try {
    const source = join(dir, 'export');
    console.error(`[bench] generating ${products} products…`);
    await generateCatalog({ products, outDir: source, onProgress: (done, total) => done === total && console.error(`[bench] generated ${total}`) });
    const raw = JSON.parse(execFileSync(process.execPath, ['bench/raw-insert-baseline.ts', source, join(dir, 'raw.sqlite')], { encoding: 'utf8' })) as { seconds: number; maxRssMb: number };
    rmSync(join(dir, 'raw.sqlite'), { force: true });
    const build = timedBuild(source, keepSnapshot ?? join(dir, 'catalog.sqlite'), join(dir, 'rss'));
    return { products, buildSeconds: build.seconds, buildMaxRssMb: build.maxRssMb, rawInsertSeconds: raw.seconds, rawInsertMaxRssMb: raw.maxRssMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
