/**
 * The soak (`--only soak`, 10 minutes by default): the built self-hosted server as production runs
 * it (quotas on, the request log on, behind a trusted proxy that names many clients) under a
 * steady mixed load (bench/soak-mix.ts) at a fixed arrival rate: requests leave on a schedule,
 * whatever the answers' pace, as real clients do, so a server that slows down meets a growing
 * queue instead of a gentler load. The server's RSS and open files are read from /proc over the
 * run; bench/soak-report.ts prints the figures and a verdict.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSnapshot } from '../src/catalog-build/build-snapshot.ts';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';
import { pin, QUOTAS_ON, startProcess } from './support/server-process.ts';
import { type SoakCatalog, type SoakRequest, soakMix } from './support/soak-mix.ts';
import { type ProcessSample, type SoakRun, sampleProcess, Tally } from './support/soak-report.ts';

/**
 * Products of the generated catalog: three times the stats answers the server keeps rendered
 * (10,000) and many times the pages it keeps (2,000), so both caches evict all along and most
 * stats answers are snapshot queries.
 */
const PRODUCTS = 30_000;
const TIMEOUT_MS = 10_000;
const LATE_MS = 100;
/** Errors printed as they happen (the rest are counted). */
const ERRORS_SHOWN = 10;

/** Generates and builds the catalog; reads back from the export which products are published, and their slugs. */
async function prepareCatalog(dir: string): Promise<{ snapshot: string; catalog: Omit<SoakCatalog, 'cities' | 'categories' | 'etags'> }> {
  const source = join(dir, 'export');
  const snapshot = join(dir, 'catalog.sqlite');
  const generated = await generateCatalog({ products: PRODUCTS, outDir: source });
  const built = await buildSnapshot({ sourceDir: source, outFile: snapshot });
  if (!built.ok) throw new Error('the generated catalog does not build');
  const published: number[] = [];
  const slugs: string[] = [];
  const drafts: number[] = [];
  for (const line of readFileSync(join(source, 'products.ndjson'), 'utf8').split('\n')) {
    if (line === '') continue;
    const product = JSON.parse(line) as { id: number; slug: string; publishedAt: string | null };
    if (product.publishedAt === null) drafts.push(product.id);
    else {
      published.push(product.id);
      slugs.push(product.slug);
    }
  }
  return { snapshot, catalog: { products: PRODUCTS, merchants: generated.merchants, published, slugs, drafts } };
}

async function inParallel<T>(items: readonly T[], concurrency: number, each: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await each(items[index]!, index);
      }
    }),
  );
}

/**
 * Before the steady load: fills the bounded caches past their size (stats answers, pages), so RSS
 * growth after the warm-up is not a cache filling up as designed. Pages go to three times the
 * kept ones: rendering them grows the server's heap by a few hundred MB before it levels off
 * (measured: 140 MB idle, about 400 MB after 2,500 pages, then within 40 MB over the next
 * 12,000), and the soak is after what comes after that. Also learns ETags for the conditional
 * GETs, and the places and categories for the searches.
 */
async function fill(url: string, base: Omit<SoakCatalog, 'cities' | 'categories' | 'etags'>): Promise<SoakCatalog> {
  const paths = [
    ...Array.from({ length: 12_000 }, (_, i) => `/api/public/v1/products/${i + 1}/stats`),
    ...Array.from({ length: base.merchants }, (_, i) => `/api/public/v1/merchants/${i + 1}/stats`),
    ...base.published.slice(0, 6_000).map((id, i) => `/produtos/${id}/${base.slugs[i]}`),
    ...['/gpt.json', '/llms.txt', '/sitemap.xml', '/openapi.json', '/api/openapi.yaml'],
    ...Array.from({ length: 25 }, (_, i) => `/gpt/products.json?limit=${i + 1}`),
  ];
  const etags: SoakCatalog['etags'] = [];
  await inParallel(paths, 8, async (path, index) => {
    const response = await fetch(url + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} while filling the caches`);
    const etag = response.headers.get('etag');
    // A few hundred of each kind: stats (every 40th), pages (every 10th), every document.
    const every = path.endsWith('/stats') ? 40 : path.startsWith('/produtos/') ? 10 : 1;
    if (etag !== null && index % every === 0) {
      etags.push({ path, etag });
    }
  });
  const overview = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'catalog_overview', arguments: {} } }),
  });
  const { cities, categories } = ((await overview.json()) as { result: { structuredContent: Record<string, unknown> } }).result
    .structuredContent as { cities: { name: string; districts: string[] }[]; categories: { name: string }[] };
  return { ...base, etags, cities, categories: categories.map((c) => c.name) };
}

/** Sends one request and records its outcome; the error reason is null when the answer was the one expected. */
async function send(url: string, request: SoakRequest, tally: Tally, report: (error: string) => void) {
  const started = performance.now();
  let ms: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetch(url + request.path, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    ms = performance.now() - started;
    if (response.status !== request.expect) error = `unexpected ${response.status}`;
    else if (request.check && !request.check(text)) error = 'unexpected body';
    if (error) report(`${request.method ?? 'GET'} ${request.path} ${request.body ?? ''}: ${error} ${text.slice(0, 200)}`);
  } catch (failure) {
    const name = (failure as Error).name;
    error =
      name === 'TimeoutError' ? 'timeout' : `network error (${(failure as Error & { cause?: { code?: string } }).cause?.code ?? name})`;
    report(`${request.method ?? 'GET'} ${request.path}: ${error}`);
  }
  tally.record(request.kind, ms, error);
}

export async function benchSoak(options: { seconds: number; rate: number }): Promise<SoakRun> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-soak-'));
  if (pin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
  console.error(`[soak] generating and building a catalog of ${PRODUCTS} products…`);
  const { snapshot, catalog: base } = await prepareCatalog(dir);
  // Quotas on, every limit far above the load: each request runs the whole quota path (client key,
  // leases, fields) and none is refused. The enumeration guard's window is a minute rather than
  // ten, so its windows turn over during the soak, as the others' do.
  const server = await startProcess(['scripts/serve.ts'], {
    HOST: '127.0.0.1',
    PORT: '0',
    CATALOG_DB: snapshot,
    ...QUOTAS_ON,
    RATE_LIMIT_MCP_CALLS: '1000000000',
    RATE_LIMIT_MCP_REQUESTS: '1000000000',
    RATE_LIMIT_DISTINCT_WINDOW_SECONDS: '60',
    TRUST_PROXY: 'on',
  });
  try {
    console.error('[soak] filling the caches…');
    const filling = performance.now();
    const catalog = await fill(server.url, base);
    const filled = sampleProcess(server.pid, 0);
    console.error(`[soak] caches filled in ${((performance.now() - filling) / 1000).toFixed(1)} s, RSS ${filled.rssMb.toFixed(1)} MB`);
    const mix = soakMix(catalog);
    const tally = new Tally(mix.kinds);
    const warmupSeconds = options.seconds / 10;
    const samples: ProcessSample[] = [];
    const sampleEvery = Math.min(5, Math.max(1, options.seconds / 30));
    const progressEvery = Math.min(30, Math.max(5, Math.round(options.seconds / 6)));
    let shown = 0;
    const report = (error: string) => {
      if (shown++ < ERRORS_SHOWN) console.error(`[soak] ${error}`);
    };
    let inFlight = 0;
    let maxInFlight = 0;
    let late = 0;
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    // A server that exits mid-run leaves no /proc entry: the samples stop, the requests fail and say so.
    let exited = false;
    const sample = () => {
      try {
        samples.push(sampleProcess(server.pid, elapsed()));
      } catch {
        exited = true;
      }
    };
    sample();
    const sampler = setInterval(sample, sampleEvery * 1000);
    const progress = setInterval(() => {
      const last = samples[samples.length - 1]!;
      console.error(
        `[soak] ${Math.round(elapsed())} s of ${options.seconds}: ${tally.sent} sent (${(tally.sent / elapsed()).toFixed(1)} req/s), ` +
          `${tally.errorCount} errors, ${inFlight} in flight, RSS ${last.rssMb.toFixed(1)} MB, ${last.fds} fds`,
      );
    }, progressEvery * 1000);
    // The schedule: request n leaves at n / rate seconds; a late timer sends the ones due at once.
    const total = Math.round(options.seconds * options.rate);
    const gapMs = 1000 / options.rate;
    while (tally.sent < total) {
      const now = performance.now();
      while (tally.sent < total && started + tally.sent * gapMs <= now) {
        if (now - (started + tally.sent * gapMs) > LATE_MS) late++;
        tally.sent++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        void send(server.url, mix.next(), tally, report).finally(() => inFlight--);
      }
      await sleep(Math.max(1, started + tally.sent * gapMs - performance.now()));
    }
    const sendSeconds = elapsed();
    while (inFlight > 0) await sleep(10);
    clearInterval(sampler);
    clearInterval(progress);
    sample();
    return {
      exited,
      seconds: options.seconds,
      rate: options.rate,
      warmupSeconds,
      products: PRODUCTS,
      sendSeconds,
      late,
      maxInFlight,
      tally,
      samples,
    };
  } finally {
    // stop() waits for an exit that has already happened otherwise.
    if (existsSync(`/proc/${server.pid}`)) await server.stop();
    rmSync(dir, { recursive: true, force: true });
    if (pin) spawnSync('taskset', ['-a', '-cp', `0-${cpus().length - 1}`, String(process.pid)]);
  }
}
