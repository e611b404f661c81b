import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildSnapshot } from '../../src/catalog-build/build-snapshot.ts';
import {
  type DownloadProgress,
  RemoteExportError,
  remoteFingerprint,
  withDownloadedExport,
} from '../../src/catalog-build/remote-export.ts';
import { openCatalog } from '../../src/catalog-read/catalog-reader.ts';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

/*
 * A remote CATALOG_SOURCE, against a real node:http server on 127.0.0.1 serving the sample export
 * under a folder path. The operator's way (the build script as a child process) for the main
 * cases; the module in process for the rest.
 */

const KINDS = ['merchants', 'stores', 'products', 'engagement'] as const;
const FOLDER = '/exports/2026-06/';
const TOKEN = 'tok-7f3a9c2e51d84b06';
const sample = new Map(KINDS.map((kind) => [kind, readFileSync(join('data/sample', `${kind}.ndjson`))]));

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Seen {
  path: string;
  authorization: string | undefined;
}

const servers: Server[] = [];
let work: string;
let outFile: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'catalog-remote-'));
  outFile = join(work, 'out', 'catalog.sqlite');
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(work, { recursive: true, force: true });
});

/** A server on a free loopback port; `seen` records each request's path and Authorization header. */
async function serve(handler: Handler): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url!, authorization: req.headers.authorization });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Serves `files` under FOLDER (404 for anything else), asking for the token when one is given. */
function exportFiles(files: Map<string, Buffer | string>, token?: string): Handler {
  return (req, res) => {
    if (token && req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end('token required');
    const body = req.url!.startsWith(FOLDER) ? files.get(req.url!.slice(FOLDER.length)) : undefined;
    if (body === undefined) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  };
}

/** The sample's optional files: its date (export.json) and past prices, which the catalog version covers. */
const dated = (gzip: boolean): [string, Buffer][] => [
  ['export.json', readFileSync(join('data/sample', 'export.json'))],
  gzip
    ? ['prices.ndjson.gz', gzipSync(readFileSync(join('data/sample', 'prices.ndjson')))]
    : ['prices.ndjson', readFileSync(join('data/sample', 'prices.ndjson'))],
];
const gzipped = () =>
  new Map([...KINDS.map((kind): [string, Buffer] => [`${kind}.ndjson.gz`, gzipSync(sample.get(kind)!)]), ...dated(true)]);
const plain = () =>
  new Map<string, Buffer | string>([...KINDS.map((kind): [string, Buffer] => [`${kind}.ndjson`, sample.get(kind)!]), ...dated(false)]);

/** Runs the build as the operator does; resolves to its exit code and everything it printed. */
function buildCatalog(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/build-catalog.ts'], {
      env: { ...process.env, CATALOG_SOURCE_TOKEN: '', CATALOG_DB: outFile, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** What a snapshot holds, to compare two builds. */
function summary(file: string) {
  const db = new Database(file, { readonly: true });
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
  const result = {
    version: db.prepare("SELECT value FROM meta WHERE key = 'catalog_version'").pluck().get(),
    merchants: count('merchants'),
    stores: count('stores'),
    products: count('products'),
    engagement: count('engagement'),
    synonyms: count('synonyms'),
  };
  db.close();
  return result;
}

/** A previous snapshot in place, and a check that a failed build left it byte for byte, with no download folder. */
function previousSnapshot(): () => void {
  mkdirSync(join(work, 'out'));
  copyFileSync(inject('sampleSnapshot'), outFile);
  const before = readFileSync(outFile);
  return () => {
    expect(readFileSync(outFile).equals(before)).toBe(true);
    expect(readdirSync(join(work, 'out'))).toEqual(['catalog.sqlite']);
  };
}

/** The module in process, with short timeouts; builds from the download. */
function buildFrom(baseUrl: string, options: { token?: string; onProgress?: (p: DownloadProgress) => void; timeoutMs?: number } = {}) {
  const download = {
    baseUrl,
    token: options.token ?? null,
    nextTo: outFile,
    onProgress: options.onProgress,
    firstByteTimeoutMs: options.timeoutMs,
    idleTimeoutMs: options.timeoutMs,
  };
  return withDownloadedExport(download, (dir) => buildSnapshot({ sourceDir: dir, outFile }));
}

describe('a remote CATALOG_SOURCE', () => {
  it('builds with `node scripts/build-catalog.ts` from a URL, as from the directory, and leaves no download behind', async () => {
    const files = gzipped();
    const { origin, seen } = await serve((req, res) => {
      if (!req.url!.endsWith('products.ndjson.gz')) return exportFiles(files)(req, res);
      // Slow enough for a progress line (one every 2 s at most): half, then the rest 2.2 s later.
      const body = files.get('products.ndjson.gz')!;
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, body.length >> 1));
      setTimeout(() => res.end(body.subarray(body.length >> 1)), 2200);
    });
    // No trailing slash: the URL is read as a folder all the same.
    const source = `${origin}${FOLDER.slice(0, -1)}`;
    const { code, output } = await buildCatalog({ CATALOG_SOURCE: source });
    expect(output).toMatch(/\[catalog\] building .* from http:\/\/127\.0\.0\.1:\d+\/exports\/2026-06\/\n/);
    expect(code).toBe(0);
    expect(output).toMatch(/\[catalog\] [\d.]+s products\.ndjson\.gz: downloaded \d+ kB of \d+ kB \(\d+%\)\n/);
    expect(output.match(/downloaded \d+ kB/g)).toHaveLength(1);
    expect(summary(outFile)).toEqual(summary(inject('sampleSnapshot')));
    expect(summary(outFile).products).toBeGreaterThan(0);
    // .gz first, found, so never the plain spelling; no synonyms file is none.
    expect(seen.map((r) => r.path)).toEqual(
      [...KINDS.map((k) => `${k}.ndjson.gz`), 'synonyms.txt', 'export.json', 'prices.ndjson.gz'].map((name) => `${FOLDER}${name}`),
    );
    expect(readdirSync(join(work, 'out'))).toEqual(['catalog.sqlite']);
    // npm start recognises the snapshot as this source's.
    const catalog = openCatalog(outFile);
    expect(catalog.sourceFingerprint).toBe(remoteFingerprint(`${source}/`));
    catalog.close();
  });

  it('falls back to <kind>.ndjson on a 404, reads an optional synonyms file, and reports progress', async () => {
    const files = plain();
    files.set('synonyms.txt', 'mandioca, aipim, macaxeira\n');
    const { origin, seen } = await serve(exportFiles(files));
    const progress: DownloadProgress[] = [];
    const result = await buildFrom(`${origin}${FOLDER}`, { onProgress: (p) => progress.push(p) });
    expect(result.ok).toBe(true);
    expect(seen.map((r) => r.path.slice(FOLDER.length))).toEqual([
      ...KINDS.flatMap((k) => [`${k}.ndjson.gz`, `${k}.ndjson`]),
      'synonyms.txt',
      'export.json',
      'prices.ndjson.gz',
      'prices.ndjson',
    ]);
    // The same records; the synonyms are part of the catalog version, so that differs.
    const { version, synonyms, ...counts } = summary(outFile);
    const { version: sampleVersion, ...sampleCounts } = summary(inject('sampleSnapshot'));
    expect({ ...counts, synonyms: 0 }).toEqual(sampleCounts);
    expect(synonyms).toBe(3);
    expect(version).not.toBe(sampleVersion);
    const size = sample.get('products')!.length;
    expect(progress.filter((p) => p.file === 'products.ndjson').at(-1)).toEqual({ file: 'products.ndjson', bytes: size, total: size });
    expect(readdirSync(join(work, 'out'))).toEqual(['catalog.sqlite']);
  });

  it('sends the token, refuses to go on without it or with a wrong one, and never prints it', async () => {
    const { origin, seen } = await serve(exportFiles(gzipped(), TOKEN));
    const CATALOG_SOURCE = `${origin}${FOLDER}`;

    const missing = await buildCatalog({ CATALOG_SOURCE });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(
      /merchants\.ndjson\.gz: 401 Unauthorized: the server requires a token, and CATALOG_SOURCE_TOKEN is not set/,
    );

    const wrong = await buildCatalog({ CATALOG_SOURCE, CATALOG_SOURCE_TOKEN: 'wrong-token-0451' });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/401 Unauthorized: the server refused CATALOG_SOURCE_TOKEN/);
    expect(wrong.output).not.toContain('wrong-token-0451');

    const right = await buildCatalog({ CATALOG_SOURCE, CATALOG_SOURCE_TOKEN: TOKEN });
    expect(right.output).not.toContain(TOKEN);
    expect(right.code).toBe(0);
    expect(seen.at(-1)!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(summary(outFile)).toEqual(summary(inject('sampleSnapshot')));
    expect(readFileSync(outFile).includes(TOKEN)).toBe(false);
  });

  it('keeps the token on a redirect within its origin and drops it on one to another origin', async () => {
    const elsewhere = await serve(exportFiles(gzipped()));
    const source = await serve((req, res) => {
      const name = req.url!.slice(FOLDER.length);
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401).end();
      // merchants moved within the origin; the rest lives on another server (another port: another origin).
      if (req.url === `${FOLDER}merchants.ndjson.gz`) return void res.writeHead(301, { location: 'moved/merchants.ndjson.gz' }).end();
      if (req.url === `${FOLDER}moved/merchants.ndjson.gz`) return void res.end(gzipped().get('merchants.ndjson.gz'));
      res.writeHead(302, { location: `${elsewhere.origin}${FOLDER}${name}` }).end();
    });
    const result = await buildFrom(`${source.origin}${FOLDER}`, { token: TOKEN });
    expect(result.ok).toBe(true);
    expect(source.seen.map((r) => r.authorization)).toEqual(Array(source.seen.length).fill(`Bearer ${TOKEN}`));
    expect(source.seen[1]!.path).toBe(`${FOLDER}moved/merchants.ndjson.gz`);
    // The other kinds, the optional synonyms and export.json, the past prices (.gz): all from elsewhere, without the token.
    expect(elsewhere.seen.length).toBe(6);
    expect(elsewhere.seen.map((r) => r.authorization)).toEqual(Array(6).fill(undefined));
  });

  it('refuses a redirect to plain http on another host', async () => {
    const { origin } = await serve((_req, res) => res.writeHead(302, { location: 'http://catalogo.example/merchants.ndjson.gz' }).end());
    await expect(buildFrom(`${origin}${FOLDER}`, { token: TOKEN })).rejects.toThrow(
      /redirects to a URL that is refused: http:\/\/ is accepted for loopback hosts only/,
    );
  });

  it('fails when a file is missing in both spellings, and leaves the previous snapshot as it was', async () => {
    const untouched = previousSnapshot();
    const files = gzipped();
    files.delete('stores.ndjson.gz');
    const { origin } = await serve(exportFiles(files));
    const { code, output } = await buildCatalog({ CATALOG_SOURCE: `${origin}${FOLDER}` });
    expect(code).toBe(1);
    expect(output).toMatch(
      /stores\.ndjson: not found \(404\), nor stores\.ndjson\.gz; the export needs one of them; the previous snapshot was kept/,
    );
    untouched();
    // A URL the configuration refuses stops the build before any request, with the variable named.
    const refused = await buildCatalog({ CATALOG_SOURCE: 'http://exports.example/catalog/' });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /^\[catalog\] Invalid environment configuration: CATALOG_SOURCE: http:\/\/ is accepted for loopback hosts only/,
    );
    untouched();
  });

  it('fails on a truncated body, and leaves the previous snapshot as it was', async () => {
    const untouched = previousSnapshot();
    const files = gzipped();
    const { origin } = await serve((req, res) => {
      if (!req.url!.endsWith('products.ndjson.gz')) return exportFiles(files)(req, res);
      const body = files.get('products.ndjson.gz')!;
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, body.length >> 1), () => res.destroy());
    });
    const failure = buildFrom(`${origin}${FOLDER}`);
    await expect(failure).rejects.toThrow(RemoteExportError);
    await expect(failure).rejects.toThrow(/products\.ndjson\.gz: the download broke off after \d+ of \d+ bytes/);
    untouched();
  });

  it('fails on another status, a server that does not answer, and one that stalls mid-body', async () => {
    const untouched = previousSnapshot();
    const broken = await serve((_req, res) => res.writeHead(503, 'Service Unavailable').end());
    await expect(buildFrom(`${broken.origin}${FOLDER}`)).rejects.toThrow(/merchants\.ndjson\.gz: HTTP 503 Service Unavailable/);
    const silent = await serve(() => {});
    await expect(buildFrom(`${silent.origin}${FOLDER}`, { timeoutMs: 300 })).rejects.toThrow(/no response within 0\.3 s/);
    const stalling = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': 1000 });
      res.write('x'.repeat(10));
    });
    await expect(buildFrom(`${stalling.origin}${FOLDER}`, { timeoutMs: 300 })).rejects.toThrow(/no data for 0\.3 s after 10 bytes/);
    untouched();
  });
});

describe('loadConfig: CATALOG_SOURCE as a URL', () => {
  it('accepts https, and http on loopback hosts, read as a folder', () => {
    expect(loadConfig({ CATALOG_SOURCE: 'https://exports.example/catalog' }).catalogSource).toBe('https://exports.example/catalog/');
    expect(loadConfig({ CATALOG_SOURCE: 'https://exports.example/catalog/' }).catalogSource).toBe('https://exports.example/catalog/');
    expect(loadConfig({ CATALOG_SOURCE: 'http://127.0.0.1:8080' }).catalogSource).toBe('http://127.0.0.1:8080/');
    expect(loadConfig({ CATALOG_SOURCE: 'http://[::1]/x' }).catalogSource).toBe('http://[::1]/x/');
    expect(loadConfig({ CATALOG_SOURCE: 'http://localhost/x/' }).catalogSource).toBe('http://localhost/x/');
    expect(loadConfig({ CATALOG_SOURCE: 'data/sample' }).catalogSource).toBe('data/sample');
    expect(loadConfig({ CATALOG_SOURCE_TOKEN: TOKEN }).catalogSourceToken).toBe(TOKEN);
    expect(loadConfig({}).catalogSourceToken).toBeNull();
  });

  it('refuses plain http to another host, other schemes, credentials and queries, naming the variable', () => {
    const refused = (CATALOG_SOURCE: string, why: RegExp) => {
      expect(() => loadConfig({ CATALOG_SOURCE })).toThrow(ConfigError);
      expect(() => loadConfig({ CATALOG_SOURCE })).toThrow(why);
    };
    refused('http://exports.example/catalog/', /CATALOG_SOURCE: http:\/\/ is accepted for loopback hosts only/);
    refused('http://10.0.0.5/catalog/', /CATALOG_SOURCE: http:\/\/ is accepted for loopback hosts only/);
    refused('ftp://exports.example/catalog/', /CATALOG_SOURCE: ftp:\/\/ is not supported/);
    refused('file:///srv/catalog', /CATALOG_SOURCE: file:\/\/ is not supported/);
    refused('https://user:pass@exports.example/', /CATALOG_SOURCE: no credentials in the URL/);
    refused('https://exports.example/catalog/?sig=1', /CATALOG_SOURCE: no query or fragment/);
    // A bad token is refused without being echoed.
    expect(() => loadConfig({ CATALOG_SOURCE_TOKEN: 'Bearer secret-value' })).toThrow(/CATALOG_SOURCE_TOKEN: must be printable ASCII/);
    expect(() => loadConfig({ CATALOG_SOURCE_TOKEN: 'Bearer secret-value' })).not.toThrow(/secret-value/);
  });
});
