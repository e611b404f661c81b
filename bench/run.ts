/**
 * `npm run bench`: prints the figures the issues ask for. Options: --only stats|build|search|mcp|bundle|pages|peer
 * (mcp: MCP tool calls and product pages against REST stats; bundle: the Netlify Function's bundle
 * against the catalog's size, --sizes N,N,…, and only when asked for),
 * --against REV (stats: this checkout's server beside REV's, side by side, before the usual figures;
 * search: this checkout's search beside REV's, each on the catalog its own generator makes at --products
 * and --seed, --search-rounds N alternating rounds, default 4, and that table alone),
 * --products N (build and search benchmark size, default 1,000,000), --seed N (the generated catalog's, default 1), --build-rounds N (default 5: three were too few
 * for a machine whose speed moves within a run, docs/benchmarks.md),
 * --history-days N (search: the generated catalog with N days of past prices, so that the price
 * drop classes find drops; docs/price-history.md), --rounds N, --seconds N (stats), --pair-rounds N, --pair-seconds N (stats: the request log's and the
 * metrics' costs, two servers at once; defaults 12 and 2), --naive-runs N (search: runs of the naive plan, 0 for none).
 * --peer orama (search: the same query classes in Orama beside ours, on --peer-products N products,
 * default 100,000, the peer's time per class at most about --peer-seconds N, default 30;
 * --only peer runs that table alone).
 * --only soak: 10 minutes of steady mixed load (REST, MCP, documents, pages) on the self-hosted
 * server, its RSS growth and errors; only when asked for (it takes the time it is given):
 * --soak-seconds N (default 600), --soak-rate N (requests per second, default 200).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSnapshot } from '../src/catalog-build/build-snapshot.ts';
import { benchMcpThroughput, NATIVE_SEARCH, pageBytes, pairRatio, summarizeMcp, UCP_REST_SEARCH, UCP_SEARCH } from './mcp-throughput.ts';
import { benchNetlifyBundleSize, formatBundleFigures } from './netlify-bundle-size.ts';
import { benchPagesCrawl } from './pages-crawl.ts';
import { benchSearchAgainst, formatSearchAgainst } from './search-against-revision.ts';
import { benchSearchAttack, type LatencyFigures } from './search-attack.ts';
import { benchSearchLatency } from './search-latency.ts';
import { benchSearchPeer, formatPeerTable, type Peer } from './search-peer.ts';
import { benchSearchWorstCase, costlyQueries } from './search-worst-case.ts';
import { benchSnapshotBuild, generatedSnapshot } from './snapshot-build.ts';
import { benchSoak } from './soak.ts';
import { benchStatsAgainst } from './stats-against-revision.ts';
import { benchPair, PAIRS } from './stats-pairs.ts';
import { benchStatsThroughput, summarizeThroughput } from './stats-throughput.ts';
import { formatSoak } from './support/soak-report.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    products: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '6' },
    /** Stats: rounds and seconds of the pairs at once (bench/stats-pairs.ts). */
    'pair-rounds': { type: 'string', default: '12' },
    'pair-seconds': { type: 'string', default: '2' },
    'build-rounds': { type: 'string', default: '5' },
    seconds: { type: 'string', default: '4' },
    against: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'history-days': { type: 'string', default: '0' },
    'search-rounds': { type: 'string', default: '4' },
    /** Runs of the naive search plan per class; 0 leaves it out (it takes most of the benchmark's time). */
    'naive-runs': { type: 'string' },
    /** --only bundle: the catalog sizes, in products. */
    sizes: { type: 'string', default: '10000,100000,300000,1000000' },
    /** --only soak: its length, and its steady request rate. */
    'soak-seconds': { type: 'string', default: '600' },
    'soak-rate': { type: 'string', default: '200' },
    /** Search: another engine on the same query classes, side by side (bench/search-peer.ts). */
    peer: { type: 'string' },
    'peer-products': { type: 'string', default: '100000' },
    'peer-seconds': { type: 'string', default: '30' },
  },
});
const fixed = (n: number, digits = 2) => n.toFixed(digits);

if (values.only === 'bundle') {
  // A sizing table rather than a speed: it is not part of the default run.
  const sizes = values.sizes.split(',').map((s) => Number(s.trim()));
  for (const line of formatBundleFigures(await benchNetlifyBundleSize(sizes))) console.log(line);
  process.exit(0);
}

/** The server benchmarks run the built site: built first when there is none. */
function ensureBuiltSite() {
  if (!existsSync('dist/server/entry.mjs')) {
    // `npm run build`, not Astro alone: the site's documents are written from the snapshot, which a
    // fresh clone does not have yet.
    console.error('[bench] building the site first (npm run build)…');
    execFileSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' });
  }
}

/** The side-by-side table with --peer (its own catalog, generated at --peer-products). */
async function printPeerTable(peer: string) {
  const figures = await benchSearchPeer({
    peer: peer as Peer,
    products: Number(values['peer-products']),
    runs: 200,
    seconds: Number(values['peer-seconds']),
  });
  for (const line of formatPeerTable(figures)) console.log(line);
}

if (values.only === 'peer') {
  await printPeerTable(values.peer ?? 'orama');
  process.exit(0);
}

if (values.only === 'pages') {
  // Memory rather than speed: not part of the default run.
  ensureBuiltSite();
  const cacheMb = 32;
  const figures = await benchPagesCrawl({ pages: 20_000, cacheMb });
  for (const f of figures) {
    console.log(
      `product pages, ${f.label}, PAGE_CACHE_MB=${f.cacheMb}: ${f.pages} distinct pages at ${fixed(f.msPerPage)} ms each (${f.failures} not 200); ` +
        `heap kept ${fixed(f.liveBeforeMb, 1)} MB after one page, ${fixed(f.liveAfterMb, 1)} MB after the crawl; ` +
        `RSS ${Math.round(f.baselineMb)} MB after one page, peak ${Math.round(f.peakMb)}, end ${Math.round(f.endMb)}`,
    );
  }
  for (const kept of figures.filter((f) => f.cacheMb > 0)) {
    const none = figures.find((f) => f.label === kept.label && f.cacheMb === 0)!;
    const cost = kept.peakMb - none.peakMb;
    console.log(
      `product pages kept, ${kept.label}: peak RSS ${Math.round(kept.peakMb)} MB against ${Math.round(none.peakMb)} MB keeping none: ` +
        `+${fixed(cost, 1)} MB for a bound of ${cacheMb} MB (${cost <= cacheMb ? 'within' : 'OVER'} the bound)`,
    );
  }
  process.exit(0);
}

if (values.only === 'search' && values.against !== undefined) {
  // The side-by-side alone: each revision builds its own catalog, so nothing else here shares it.
  const rounds = Number(values['search-rounds']);
  const figures = await benchSearchAgainst({
    revision: values.against,
    products: Number(values.products),
    seed: Number(values.seed),
    rounds,
    runs: 200,
  });
  for (const line of formatSearchAgainst(figures, rounds)) console.log(line);
  process.exit(0);
}

if (values.only === 'soak') {
  // Minutes of load rather than a speed: not part of the default run either.
  ensureBuiltSite();
  for (const line of formatSoak(await benchSoak({ seconds: Number(values['soak-seconds']), rate: Number(values['soak-rate']) }))) {
    console.log(line);
  }
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
try {
  // The build benchmark's snapshot (a million products) then serves the stats benchmark, so its
  // spread ids are real products; alone, the stats benchmark uses the sample catalog.
  const snapshot = join(work, 'catalog.sqlite');
  if (values.only !== 'stats' && values.only !== 'search' && values.only !== 'mcp') {
    const f = await benchSnapshotBuild(Number(values.products), snapshot, Number(values['build-rounds']));
    const seconds = f.rounds.map((r) => `${fixed(r.buildSeconds, 1)}/${fixed(r.rawInsertSeconds, 1)}`).join(', ');
    console.log(
      `build of ${f.products} products against a raw insert of the same rows: ratio ${fixed(f.medianRatio)} ` +
        `(median of ${f.rounds.length} rounds; build/raw seconds ${seconds}), ` +
        `peak RSS ${Math.round(f.buildMaxRssMb)} MB (raw ${Math.round(f.rawInsertMaxRssMb)} MB)`,
    );
    const docs = f.rounds.map((r) => fixed(r.documentsSeconds, 1)).join(', ');
    const processes = f.rounds.map((r) => fixed(r.documentsProcessSeconds, 1)).join(', ');
    console.log(
      `public documents of ${f.products} products: ${fixed(f.documents.medianShare * 100, 1)}% of the build time ` +
        `(median of ${f.rounds.length} rounds; seconds ${docs}; their process, its start included, ${processes}), ` +
        `peak RSS ${Math.round(f.documents.maxRssMb)} MB, ` +
        `sitemap ${f.documents.urls} URLs (${f.documents.children ? `index of ${f.documents.children} child sitemaps` : 'one file'})`,
    );
  } else {
    const built = await buildSnapshot({ sourceDir: 'data/sample', outFile: snapshot });
    if (!built.ok) throw new Error('the sample catalog does not build');
  }

  if (values.only === undefined || values.only === 'search') {
    if (values.only === 'search') {
      // The cost curve's figures (docs/benchmarks.md): the build alone, without the raw insert's rounds.
      const historyDays = Number(values['history-days']);
      const f = await generatedSnapshot(Number(values.products), Number(values.seed), snapshot, historyDays);
      console.log(
        `build of ${values.products} products (seed ${values.seed}${historyDays > 0 ? `, ${historyDays} days of past prices` : ''}): ` +
          `${fixed(f.seconds, 1)} s, peak RSS ${Math.round(f.maxRssMb)} MB, snapshot ${Math.round(f.snapshotMb)} MB (for the search benchmark)`,
      );
    }
    const ms = (n: number) => `${fixed(n)} ms`;
    const naiveRuns = values['naive-runs'] === undefined ? undefined : Number(values['naive-runs']);
    for (const row of benchSearchLatency(snapshot, 200, naiveRuns)) {
      console.log(
        `search ${row.label}: ${row.ours ? `p50 ${ms(row.ours.p50)}, p95 ${ms(row.ours.p95)}` : `not measured (${row.notMeasured})`}` +
          (row.naive ? ` | naive bm25 p50 ${ms(row.naive.p50)}, p95 ${ms(row.naive.p95)}` : '') +
          (row.warning ? ` | WARNING: ${row.warning}` : ''),
      );
    }
    if (values.peer !== undefined) await printPeerTable(values.peer);
    for (const row of benchSearchWorstCase(snapshot)) {
      console.log(
        `worst case, ${row.label} (${row.inputs} costly inputs): p50 ${ms(row.p50)}, p95 ${ms(row.p95)}, max ${ms(row.max)} ` +
          `(slowest: ${row.slowest})`,
      );
    }
    ensureBuiltSite();
    const figures = (f: LatencyFigures) => `p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)} (${f.requests} requests)`;
    for (const quotas of [true, false]) {
      const attack = await benchSearchAttack({ snapshot, seconds: 10, queries: costlyQueries(snapshot), quotas });
      const with_ = quotas ? 'default quotas' : 'quotas off';
      console.log(`REST stats latency, one request at a time (${with_}), alone: ${figures(attack.alone)}`);
      console.log(
        `  while one client calls /mcp/research search back to back with costly queries: ${figures(attack.underAttack)}; ` +
          `its ${attack.attackCalls} calls (${attack.attackRefused} refused by the quota) p50 ${ms(attack.attackP50)}, max ${ms(attack.attackMax)}`,
      );
    }
  }

  if (values.only === undefined || values.only === 'stats' || values.only === 'mcp') ensureBuiltSite();

  if (values.only === undefined || values.only === 'mcp') {
    // The sample catalog: the product asked for is a real one.
    const sample = join(work, 'sample.sqlite');
    const built = await buildSnapshot({ sourceDir: 'data/sample', outFile: sample });
    if (!built.ok) throw new Error('the sample catalog does not build');
    const rounds = Number(values.rounds);
    const samples = await benchMcpThroughput({ snapshot: sample, rounds, seconds: Number(values.seconds) });
    const rows = summarizeMcp(samples);
    for (const row of rows) {
      console.log(
        `${row.label}: ${Math.round(row.rps)} req/s (p99 ${row.p99} ms), ratio to REST stats ${fixed(row.ratio)} ` +
          `(median of ${rounds} rounds)${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`,
      );
    }
    console.log(`product page HTML: ${(pageBytes / 1024).toFixed(1)} kB`);
    // UCP's face adds at most 20% over the native tool for the same search (issue 41): ucp / native ≥ 1 / 1.2.
    for (const [label, name] of [
      [UCP_SEARCH, 'UCP search_catalog'],
      [UCP_REST_SEARCH, 'UCP POST /ucp/catalog/search'],
    ] as const) {
      const ucp = pairRatio(samples, label, NATIVE_SEARCH);
      console.log(
        `${name} against search_local_products, the same search, round by round: ${fixed(ucp.median)} ` +
          `(median of ${rounds}: ${ucp.rounds.map((r) => fixed(r)).join(' ')}; target ≥ ${fixed(1 / 1.2)}: at most 20% more time a request)`,
      );
    }
  }

  if (values.only === undefined || values.only === 'stats') {
    const rounds = Number(values.rounds);
    const seconds = Number(values.seconds);
    if (values.against !== undefined) {
      const { commit, results } = await benchStatsAgainst({ revision: values.against, snapshot, rounds, seconds });
      for (const { spread, ratios, errors } of results) {
        const median = (ratios[Math.floor((ratios.length - 1) / 2)]! + ratios[Math.floor(ratios.length / 2)]!) / 2;
        console.log(
          `stats ${spread ? 'spread ids' : 'one product'}: this checkout against ${commit.slice(0, 10)}, side by side: ` +
            `ratio ${fixed(median)} (median of ${rounds} rounds: ${ratios.map((r) => fixed(r)).join(' ')})` +
            (errors ? `, ${errors} non-2xx` : ''),
        );
      }
    }
    for (const spread of [false, true]) {
      const summary = summarizeThroughput(await benchStatsThroughput({ snapshot, rounds, seconds, spread }));
      console.log(
        `stats ${spread ? 'spread ids' : 'one product'}: self-hosted (quotas on) ${Math.round(summary.oursRps)} req/s (p99 ${summary.oursP99} ms), ` +
          `bare node:http ${Math.round(summary.bareRps)} req/s (p99 ${summary.bareP99} ms), ` +
          `ratio ${fixed(summary.medianRatio)} (median of ${rounds} rounds: ${summary.ratios.map((r) => fixed(r)).join(' ')}); ` +
          `quotas off ${Math.round(summary.quotasOffRps)} req/s (p99 ${summary.quotasOffP99} ms), ` +
          `on/off ratio ${fixed(summary.medianQuotaRatio)} (${summary.quotaRatios.map((r) => fixed(r)).join(' ')})` +
          (summary.errors ? `, ${summary.errors} non-2xx` : ''),
      );
    }
    const pairRounds = Number(values['pair-rounds']);
    for (const pair of PAIRS) {
      const f = await benchPair(pair, { snapshot, rounds: pairRounds, seconds: Number(values['pair-seconds']) });
      console.log(
        `${f.label}, both at once on one core: ratio ${fixed(f.medianRatio)} (median of ${pairRounds} rounds: ${f.ratios.map((r) => fixed(r)).join(' ')}); ` +
          `on ${Math.round(f.onRps)} req/s (p99 ${f.onP99} ms), off ${Math.round(f.offRps)} req/s (p99 ${f.offP99} ms)` +
          (f.errors ? `, ${f.errors} non-2xx` : ''),
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
