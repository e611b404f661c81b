/**
 * Our side of the side-by-side (bench/search-peer.ts), in a process of its own so its memory is
 * its own: opens a snapshot, runs the given classes through search_local_products and prints, as
 * JSON, each class's latency and the heap and RSS growth of holding the open snapshot.
 *   node --expose-gc bench/search-peer-ours.ts SNAPSHOT CLASSES.json RUNS
 */
import { readFileSync } from 'node:fs';
import { openCatalog } from '../src/catalog-read/catalog-reader.ts';
import { measureOurClass } from './search-latency.ts';
import type { SearchClass } from './support/search-classes.ts';
import { peakRssMb, settledMemoryMb } from './support/timing.ts';
import { benchToolContext } from './support/tool-context.ts';

const [snapshot, classesFile, runs] = process.argv.slice(2) as [string, string, string];
const classes = JSON.parse(readFileSync(classesFile, 'utf8')) as SearchClass[];

const before = settledMemoryMb();
const started = performance.now();
const catalog = openCatalog(snapshot);
const openSeconds = (performance.now() - started) / 1000;
const ctx = benchToolContext(catalog);
const rows = classes.map((cls) => {
  console.error(`[bench] ours: ${cls.label}`);
  return { label: cls.label, ...measureOurClass(ctx, cls, { runs: Number(runs) }) };
});
// After the queries: the pages of the snapshot they read are part of what searching costs.
const after = settledMemoryMb();
console.log(
  JSON.stringify({
    openSeconds,
    heapMb: after.heapMb - before.heapMb,
    rssMb: after.rssMb - before.rssMb,
    peakRssMb: peakRssMb(),
    rows,
  }),
);
