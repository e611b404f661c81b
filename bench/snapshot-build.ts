/**
 * Build of a generated catalog (1,000,000 products by default) against the raw insert of the same
 * rows, both as child processes, alternately over several rounds of the same run (ABBA order):
 * one pair alone is at the mercy of this noisy machine (the raw insert alone has taken from 16.5 s
 * to 23.1 s). The figure is the median of the per-round ratios, with the highest peak RSS.
 * Each round also writes the public documents from the snapshot it built (sitemap of every
 * product included), timed against that round's build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_PROCESS_FLAGS } from '../src/catalog-build/build-process.ts';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';

export interface BuildFigures {
  products: number;
  /** Per round, in round order. */
  /** documentsSeconds: the documents' own time in their process; documentsProcessSeconds: the process's, its start included. */
  rounds: { buildSeconds: number; rawInsertSeconds: number; documentsSeconds: number; documentsProcessSeconds: number }[];
  medianRatio: number;
  buildMaxRssMb: number;
  rawInsertMaxRssMb: number;
  /** The public documents written from each round's snapshot, against that round's build time. */
  documents: { medianShare: number; maxRssMb: number; urls: number; children: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs the real build script, progress shown, and reports its wall time and peak RSS. */
export function timedBuild(sourceDir: string, outFile: string, rssFile: string): { seconds: number; maxRssMb: number } {
  // A preloaded one-liner writes the build process's own peak RSS (worker threads included).
  const reportRss = `import { writeFileSync } from 'node:fs'; process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));`;
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [...BUILD_PROCESS_FLAGS, '--import', `data:text/javascript,${encodeURIComponent(reportRss)}`, 'scripts/build-catalog.ts'],
    {
      // A price history of its own, next to the RSS file: never the checkout's (data/price-history.sqlite).
      env: {
        ...process.env,
        CATALOG_SOURCE: sourceDir,
        CATALOG_DB: outFile,
        BENCH_RSS_FILE: rssFile,
        PRICE_HISTORY_DB: `${rssFile}.price-history.sqlite`,
      },
      stdio: 'inherit',
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error('the catalog build failed');
  return { seconds, maxRssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

/** A generated catalog of `products` at `seed`, built once into `outFile`: the search benchmark's and the cost curve's. */
export async function generatedSnapshot(products: number, seed: number, outFile: string, historyDays = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  try {
    console.error(`[bench] generating ${products} products (seed ${seed})…`);
    await generateCatalog({ products, outDir: join(dir, 'export'), seed, historyDays });
    const built = timedBuild(join(dir, 'export'), outFile, join(dir, 'rss'));
    return { ...built, snapshotMb: statSync(outFile).size / 2 ** 20 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes the public documents of a snapshot in a child process (bench/documents-generation.ts):
 * the time it measured itself, the process's wall time, and what it printed.
 */
function timedDocuments(
  snapshot: string,
  outDir: string,
): { seconds: number; processSeconds: number; maxRssMb: number; urls: number; children: number } {
  const started = performance.now();
  const output = execFileSync(process.execPath, ['bench/documents-generation.ts', snapshot, outDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const processSeconds = (performance.now() - started) / 1000;
  rmSync(outDir, { recursive: true, force: true });
  return { processSeconds, ...(JSON.parse(output) as { seconds: number; maxRssMb: number; urls: number; children: number }) };
}

/** `keepSnapshot`: where to leave the built snapshot (the stats benchmark reuses it). */
export async function benchSnapshotBuild(products: number, keepSnapshot?: string, roundCount = 5): Promise<BuildFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  try {
    const source = join(dir, 'export');
    console.error(`[bench] generating ${products} products…`);
    await generateCatalog({
      products,
      outDir: source,
      onProgress: (done, total) => done === total && console.error(`[bench] generated ${total}`),
    });
    const rawInsert = () => {
      const raw = JSON.parse(
        execFileSync(process.execPath, ['bench/raw-insert-baseline.ts', source, join(dir, 'raw.sqlite')], { encoding: 'utf8' }),
      ) as { seconds: number; maxRssMb: number };
      rmSync(join(dir, 'raw.sqlite'), { force: true });
      return raw;
    };
    const snapshot = keepSnapshot ?? join(dir, 'catalog.sqlite');
    const build = () => timedBuild(source, snapshot, join(dir, 'rss'));
    const rounds: BuildFigures['rounds'] = [];
    let buildMaxRssMb = 0;
    let rawInsertMaxRssMb = 0;
    let documents: ReturnType<typeof timedDocuments> | undefined;
    let documentsMaxRssMb = 0;
    for (let round = 0; round < roundCount; round++) {
      console.error(`[bench] build round ${round + 1} of ${roundCount}`);
      // ABBA: raw first in even rounds, build first in odd ones, so neither always runs on a warmer cache.
      const raw = round % 2 === 0 ? rawInsert() : null;
      const built = build();
      documents = timedDocuments(snapshot, join(dir, 'site'));
      documentsMaxRssMb = Math.max(documentsMaxRssMb, documents.maxRssMb);
      const rawAfter = raw ?? rawInsert();
      rounds.push({
        buildSeconds: built.seconds,
        rawInsertSeconds: rawAfter.seconds,
        documentsSeconds: documents.seconds,
        documentsProcessSeconds: documents.processSeconds,
      });
      buildMaxRssMb = Math.max(buildMaxRssMb, built.maxRssMb);
      rawInsertMaxRssMb = Math.max(rawInsertMaxRssMb, rawAfter.maxRssMb);
    }
    const medianRatio = median(rounds.map((r) => r.buildSeconds / r.rawInsertSeconds));
    const medianShare = median(rounds.map((r) => r.documentsSeconds / r.buildSeconds));
    return {
      products,
      rounds,
      medianRatio,
      buildMaxRssMb,
      rawInsertMaxRssMb,
      documents: { medianShare, maxRssMb: documentsMaxRssMb, urls: documents!.urls, children: documents!.children },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
