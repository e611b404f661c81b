/**
 * Product pages kept within their bound (PAGE_CACHE_MB): the self-hosted server on a generated
 * catalog, a crawler asking for 20,000 distinct product pages, eight at a time; the server's heap
 * after a full collection before and after, and its RSS from /proc along the crawl. Each crawl runs
 * twice, keeping pages and keeping none (PAGE_CACHE_MB=0, the baseline: rendering's own garbage):
 * kept pages must cost at most the bound in peak RSS. Once with V8's default heap, which on a
 * machine with memory to spare lets rendering's garbage pile up before it collects; once with the
 * heap flags docs/operations.md recommends for a ceiling on RSS.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSnapshot } from '../src/catalog-build/build-snapshot.ts';
import { generateCatalog } from '../tools/sample-catalog/generate.ts';
import { startProcess } from './support/server-process.ts';

export interface CrawlFigures {
  label: string;
  cacheMb: number;
  pages: number;
  /** The heap after a full collection, after one page and after the crawl. */
  liveBeforeMb: number;
  liveAfterMb: number;
  baselineMb: number;
  peakMb: number;
  endMb: number;
  msPerPage: number;
  failures: number;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * What the server's JavaScript really keeps: its heap after a full collection, asked through
 * Node's inspector (SIGUSR1 opens it on a port of its own; the DevTools protocol collects the
 * garbage, then reads process.memoryUsage()). No code of the server's is needed for it.
 */
async function liveHeapMb(pid: number, port: number): Promise<number> {
  process.kill(pid, 'SIGUSR1');
  let target: { webSocketDebuggerUrl: string } | undefined;
  for (let i = 0; i < 50 && target === undefined; i++) {
    target = await fetch(`http://127.0.0.1:${port}/json/list`)
      .then(async (r) => ((await r.json()) as { webSocketDebuggerUrl: string }[])[0])
      .catch(() => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)));
  }
  if (target === undefined) throw new Error("the server's inspector did not open");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const id = ++next;
      socket.addEventListener('message', function answer(event) {
        const message = JSON.parse(String(event.data));
        if (message.id !== id) return;
        socket.removeEventListener('message', answer);
        resolve(message);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  const used = await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
  socket.close();
  return Number(used.result?.result?.value) / (1024 * 1024);
}

async function crawl(snapshot: string, pages: number, label: string, env: Record<string, string>): Promise<CrawlFigures> {
  const inspectorPort = 9300 + Math.floor(Math.random() * 600);
  const server = await startProcess(['scripts/serve.ts'], {
    HOST: '127.0.0.1',
    PORT: '0',
    CATALOG_DB: snapshot,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    ...env,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --inspect-port=127.0.0.1:${inspectorPort}`.trim(),
  });
  try {
    // A product's canonical URL is a redirect away, on SITE_URL: its path, asked of this server.
    const page = async (id: number) => {
      const moved = await fetch(`${server.url}/produtos/${id}/x`, { redirect: 'manual' });
      await moved.arrayBuffer();
      const response = await fetch(server.url + new URL(moved.headers.get('location') ?? '/', server.url).pathname);
      await response.arrayBuffer();
      return response.status;
    };
    await page(1);
    const liveBeforeMb = await liveHeapMb(server.pid, inspectorPort);
    const baselineMb = rssMb(server.pid);
    let peakMb = baselineMb;
    let failures = 0;
    const started = performance.now();
    for (let i = 0; i < pages; i += 8) {
      await Promise.all(
        Array.from({ length: 8 }, async (_, j) => {
          if ((await page(2 + i + j)) !== 200) failures++;
        }),
      );
      if (i % 400 === 0) peakMb = Math.max(peakMb, rssMb(server.pid));
    }
    const msPerPage = (performance.now() - started) / pages;
    const endMb = rssMb(server.pid);
    const liveAfterMb = await liveHeapMb(server.pid, inspectorPort);
    return {
      label,
      cacheMb: Number(env.PAGE_CACHE_MB),
      pages,
      liveBeforeMb,
      liveAfterMb,
      baselineMb,
      peakMb: Math.max(peakMb, endMb),
      endMb,
      msPerPage,
      failures,
    };
  } finally {
    await server.stop();
  }
}

/** V8's default heap, and the flags docs/operations.md#memory recommends for a ceiling on RSS. */
const HEAPS: Record<string, Record<string, string>> = {
  'default heap': {},
  'recommended heap flags': { NODE_OPTIONS: '--max-semi-space-size=4 --max-old-space-size=256' },
};

export async function benchPagesCrawl(options: { pages: number; cacheMb: number }): Promise<CrawlFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pages-crawl-'));
  try {
    const products = Math.max(options.pages + 1000, 50_000);
    await generateCatalog({ products, outDir: join(dir, 'export') });
    const snapshot = join(dir, 'catalog.sqlite');
    const built = await buildSnapshot({ sourceDir: join(dir, 'export'), outFile: snapshot });
    if (!built.ok) throw new Error('the generated catalog does not build');
    const figures: CrawlFigures[] = [];
    for (const [label, heap] of Object.entries(HEAPS)) {
      for (const cacheMb of [0, options.cacheMb]) {
        figures.push(await crawl(snapshot, options.pages, label, { ...heap, PAGE_CACHE_MB: String(cacheMb) }));
      }
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
