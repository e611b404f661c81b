import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '../../../src/catalog-build/build-snapshot.ts';
import { openCatalog } from '../../../src/catalog-read/catalog-reader.ts';
import { loadConfig } from '../../../src/config/config.ts';
import { documentSources } from '../../../src/documents/document-sources.ts';
import { writePublicDocuments } from '../../../src/documents/write-documents.ts';
import { NODE_FS, PlacementFailed, type PlacementFs, putInPlace } from '../../../src/platform/node/put-in-place.ts';
import { BASE_ENV, privateSite, repo, type Served, serve, stop, useSitesDir } from '../../support/operated-server.ts';

/*
 * An operator's faults under the built server, on a copy of the sample catalog (issue: a rebuild
 * never puts a wrong catalog live): an empty export, a shrunken one, a gzip cut short, and late
 * failures injected through the placement's own file operations. After each, every face states
 * one catalog version (the old one, unless the rebuild was put in place whole), and the operator
 * reads one line of what happened.
 */
const sitesDir = useSitesDir('operator-faults-');
const SAMPLE = join(repo, 'data', 'sample');
let cwd: string;
let snapshot: string;
let served: Served;
let oldVersion: string;

beforeAll(async () => {
  ({ cwd, snapshot } = privateSite(sitesDir(), 'site', {}));
  served = await serve(cwd, { CATALOG_DB: snapshot });
  oldVersion = (await versionsOnEveryFace())[0]!;
}, 60_000);
afterAll(async () => {
  if (served) await stop(served);
});

/** The catalog version each face states: readiness, the manifest, llms.txt, the showcase, REST stats, MCP. */
async function versionsOnEveryFace(): Promise<string[]> {
  const json = async (path: string) => (await fetch(served.url + path)).json() as Promise<Record<string, unknown>>;
  const ready = (await json('/readyz')) as { catalog: { version: string } };
  const llms = await (await fetch(`${served.url}/llms.txt`)).text();
  const stats = await fetch(`${served.url}/api/public/v1/products/1/stats`);
  await stats.arrayBuffer();
  const mcp = await fetch(`${served.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'catalog_overview', arguments: {} } }),
  });
  const overview = (await mcp.json()) as { result: { structuredContent: { catalogVersion: string } } };
  return [
    ready.catalog.version,
    (await json('/gpt.json')).catalogVersion as string,
    /^Catalog snapshot ([0-9a-f]{16})/m.exec(llms)?.[1] ?? 'none in llms.txt',
    (await json('/gpt/products.json')).catalogVersion as string,
    stats.headers.get('catalog-version')!,
    overview.result.structuredContent.catalogVersion,
  ];
}

/** SIGHUP (the server takes up whatever is in place at once), then the versions once it has. */
async function afterSighup(): Promise<string[]> {
  const before = served.output().length;
  served.child.kill('SIGHUP');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(served.output().length).toBeGreaterThanOrEqual(before);
  return versionsOnEveryFace();
}

/** The sample export with its products (and their counters) passed through `keep`, or products.ndjson replaced. */
function exportOf(name: string, keep: (line: string, index: number) => boolean, gzip = false): string {
  const dir = join(sitesDir(), name);
  mkdirSync(dir);
  for (const file of readdirSync(SAMPLE)) copyFileSync(join(SAMPLE, file), join(dir, file));
  const products = readFileSync(join(SAMPLE, 'products.ndjson'), 'utf8').split('\n').filter(Boolean);
  const kept = products.filter(keep);
  const ids = new Set(kept.map((line) => (JSON.parse(line) as { id: number }).id));
  const engagement = readFileSync(join(SAMPLE, 'engagement.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && ids.has((JSON.parse(line) as { productId: number }).productId));
  writeFileSync(join(dir, 'engagement.ndjson'), engagement.map((l) => `${l}\n`).join(''));
  // The past prices of the products kept only, as an export that left the others out would have.
  const prices = readFileSync(join(SAMPLE, 'prices.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && ids.has((JSON.parse(line) as { productId: number }).productId));
  writeFileSync(join(dir, 'prices.ndjson'), prices.map((l) => `${l}\n`).join(''));
  const text = kept.map((l) => `${l}\n`).join('');
  if (gzip) {
    writeFileSync(join(dir, 'products.ndjson.gz'), gzipSync(text));
    renameSync(join(dir, 'products.ndjson'), join(dir, 'products.ndjson.orig'));
  } else writeFileSync(join(dir, 'products.ndjson'), text);
  return dir;
}

/** `npm run rebuild` from an export, as the operator runs it beside the server: its exit code and its [rebuild] lines. */
function rebuild(source: string, env: Record<string, string> = {}): { status: number | null; said: string[] } {
  const run = spawnSync(process.execPath, [join(repo, 'scripts', 'rebuild.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...BASE_ENV, CATALOG_SOURCE: source, CATALOG_DB: snapshot, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, said: run.stderr.split('\n').filter((line) => line.startsWith('[rebuild]') || line.startsWith('  ')) };
}

/** What a rebuild stages beside the snapshot: none may outlive it. */
const leftovers = () => readdirSync(cwd).filter((name) => name.startsWith('.catalog.sqlite') || name.includes('.takeup.'));

describe('a rebuild never puts a wrong catalog live', () => {
  it('refuses an export with no published products, and one shrunk past the bound, naming the switch', async () => {
    const empty = rebuild(exportOf('empty', () => false));
    expect(empty.status).toBe(1);
    expect(empty.said).toEqual([
      '[rebuild] refused: the new catalog has no published products (the catalog in use has 388); the snapshot and documents in use were kept. If this catalog is meant, build again with CATALOG_FORCE=on (for that one build).',
    ]);
    expect(await afterSighup()).toEqual(Array(6).fill(oldVersion));

    let published = 0;
    const shrunk = exportOf('shrunk', (line) => (JSON.parse(line) as { publishedAt: unknown }).publishedAt != null && published++ < 10);
    const refused = rebuild(shrunk);
    expect(refused.status).toBe(1);
    expect(refused.said).toEqual([
      expect.stringMatching(
        /^\[rebuild\] refused: the new catalog has 10 published products against 388 in the catalog in use \(97% fewer; CATALOG_MAX_SHRINK_PERCENT is 50\); the snapshot and documents in use were kept\. If this catalog is meant/,
      ),
    ]);
    expect(await afterSighup()).toEqual(Array(6).fill(oldVersion));
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('rejects a products.ndjson.gz cut short by name, in one line and no stack trace, and keeps the catalog in use', async () => {
    const cut = exportOf('cut', () => true, true);
    const gz = join(cut, 'products.ndjson.gz');
    const bytes = readFileSync(gz);
    writeFileSync(gz, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const before = [snapshot, join(cwd, 'dist', 'client', 'llms.txt')].map((file) => readFileSync(file));
    const run = rebuild(cut);
    expect(run.status).toBe(1);
    // Nothing changed, byte for byte, and nothing staged is left.
    expect([snapshot, join(cwd, 'dist', 'client', 'llms.txt')].map((file, i) => readFileSync(file).equals(before[i]!))).toEqual([
      true,
      true,
    ]);
    expect(leftovers()).toEqual([]);
    expect(run.said).toEqual([
      '  products.ndjson.gz: the gzip data ends early: the file is cut short (an interrupted copy or download?); nothing after the cut was read',
      '[rebuild] the catalog build failed (above); the snapshot and documents in use were kept',
    ]);
    expect(await afterSighup()).toEqual(Array(6).fill(oldVersion));
  }, 60_000);

  describe('late failures, injected through the placement’s file operations', () => {
    const config = () => loadConfig({ ...BASE_ENV, CATALOG_DB: snapshot });
    /** A rebuild's outputs staged as scripts/rebuild.ts stages them: a changed catalog and its documents. */
    async function stage(tag: string) {
      const source = exportOf(`late-${tag}`, (_, i) => i !== 0);
      const next = join(cwd, `.catalog.sqlite.next-${tag}`);
      const built = await buildSnapshot({ sourceDir: source, outFile: next });
      expect(built.ok).toBe(true);
      const documents = join(cwd, 'dist', `.documents-${tag}`);
      const catalog = openCatalog(next, { memoryMap: false });
      try {
        await writePublicDocuments(documentSources(config(), catalog), documents, () => {}, { precompress: true });
      } finally {
        catalog.close();
      }
      return {
        staged: { documents, clientDir: join(cwd, 'dist', 'client'), snapshot: next, catalogDb: snapshot, tag },
        version: built.ok ? built.catalogVersion : '',
      };
    }
    const failing = (when: (op: string, path: string) => boolean): PlacementFs => ({
      rename: (from, to) => {
        if (when('rename', to)) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
        NODE_FS.rename(from, to);
      },
      keep: NODE_FS.keep,
      writeFile: (path, text) => {
        if (when('writeFile', path)) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        NODE_FS.writeFile(path, text);
      },
      remove: NODE_FS.remove,
    });

    it('a snapshot rename that fails after the documents moved: the documents are moved back, every face states the old catalog, nothing staged is left', async () => {
      const llms = readFileSync(join(cwd, 'dist', 'client', 'llms.txt'));
      const { staged } = await stage('a1');
      let failure: unknown;
      try {
        putInPlace(
          staged,
          failing((op, path) => op === 'rename' && path === snapshot),
        );
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(PlacementFailed);
      expect((failure as Error).message).toBe(
        'the snapshot could not be renamed into place (EIO); the documents were moved back: nothing was changed',
      );
      expect(readFileSync(join(cwd, 'dist', 'client', 'llms.txt')).equals(llms)).toBe(true);
      expect(await afterSighup()).toEqual(Array(6).fill(oldVersion));
      expect(readdirSync(join(cwd, 'dist')).filter((name) => name.startsWith('.'))).toEqual([]);
      expect(leftovers()).toEqual([]);
    }, 60_000);

    it('documents of another catalog than the snapshot (a rollback that could not finish) are refused on take-up, in one line', async () => {
      // What a rollback that failed half-way leaves: a manifest of another catalog beside the old snapshot.
      const manifest = join(cwd, 'dist', 'client', 'gpt.json');
      const original = readFileSync(manifest, 'utf8');
      const other = 'f'.repeat(16);
      writeFileSync(manifest, original.replace(`"catalogVersion": "${oldVersion}"`, `"catalogVersion": "${other}"`));
      try {
        expect(await afterSighup()).toEqual(Array(6).fill(oldVersion));
        expect(served.lines().map((line) => line.msg)).toContain(
          `a rebuild was not taken up: its documents state catalog version ${other} but the snapshot at CATALOG_DB is ${oldVersion}; still serving the catalog and documents in use (run npm run rebuild again)`,
        );
      } finally {
        writeFileSync(manifest, original);
      }
    }, 60_000);

    it('a take-up signal that cannot be written (a full disk): in place but not signalled, said apart; SIGHUP takes the new catalog up on every face', async () => {
      const { staged, version } = await stage('c3');
      const placed = putInPlace(
        staged,
        failing((op) => op === 'writeFile'),
      );
      expect(placed.unsignalled).toBe(`the take-up signal ${snapshot}.takeup could not be written (ENOSPC)`);
      // Not told: the server still states the old catalog everywhere, until SIGHUP.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(await versionsOnEveryFace()).toEqual(Array(6).fill(oldVersion));
      expect(leftovers()).toEqual([]);
      expect(await afterSighup()).toEqual(Array(6).fill(version));
    }, 60_000);
  });
});
