import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { sourceUrlProblem } from '../config/config.ts';
import { SYNONYMS_FILE } from '../search/query/synonyms-file.ts';
import { EXPORT_META_FILE } from './export-date.ts';
import { EXPORT_FILES } from './export-records.ts';
import { PRICES_FILE } from './prices-file.ts';

/*
 * A remote export (CATALOG_SOURCE=https://…/): its files are downloaded into a temporary folder
 * beside the snapshot, then built like a directory. node:http(s) rather than fetch: the bytes
 * saved are the bytes sent (no silent decompression), so Content-Length checks them, and
 * redirects are followed here, where the token's destination is decided.
 */

export interface DownloadProgress {
  file: string;
  bytes: number;
  /** Content-Length, when the server sent one. */
  total: number | null;
}

export interface RemoteExportOptions {
  /** The export's base URL, ending in "/" (config.ts makes it so). */
  baseUrl: string;
  token: string | null;
  /** The snapshot file: the download goes to a folder beside it (the same disk, not memory). */
  nextTo: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** From a request to its response's headers: DNS, connection, TLS, the server's answer. */
  firstByteTimeoutMs?: number;
  /** The longest silence within a body. */
  idleTimeoutMs?: number;
}

/** A download that failed; its message names the URL (never the token, nor a query that may be a signature). */
export class RemoteExportError extends Error {}

export const FIRST_BYTE_TIMEOUT_MS = 30_000;
export const IDLE_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 5;

/** What the snapshot records as its source: a remote export cannot be listed, so `npm start` compares the URL only. */
export const remoteFingerprint = (baseUrl: string): string => JSON.stringify({ remote: baseUrl });

const shown = (url: URL) => `${url.origin}${url.pathname}`;

function describe(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * Downloads the export, runs `use` on the folder, and removes the folder in every case, an
 * interruption (SIGINT, SIGTERM) included.
 */
export async function withDownloadedExport<T>(options: RemoteExportOptions, use: (dir: string) => Promise<T>): Promise<T> {
  mkdirSync(dirname(options.nextTo), { recursive: true });
  const dir = mkdtempSync(join(dirname(options.nextTo), `.${basename(options.nextTo)}.download-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // Remove the partial download, then die of the signal as the process would have.
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await downloadExport(options, dir);
    return await use(dir);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    remove();
  }
}

/** Each kind as `.ndjson.gz`, else `.ndjson` (a 404 falls back); the optional files when there are: synonyms, export.json, past prices. */
async function downloadExport(options: RemoteExportOptions, dir: string): Promise<void> {
  const client = new ExportClient(options, dir);
  for (const { kind } of EXPORT_FILES) {
    if ((await client.download(`${kind}.ndjson.gz`)) || (await client.download(`${kind}.ndjson`))) continue;
    const url = new URL(`${kind}.ndjson`, options.baseUrl);
    throw new RemoteExportError(`${shown(url)}: not found (404), nor ${kind}.ndjson.gz; the export needs one of them`);
  }
  await client.download(SYNONYMS_FILE);
  await client.download(EXPORT_META_FILE);
  if (!(await client.download(`${PRICES_FILE}.gz`))) await client.download(PRICES_FILE);
}

class ExportClient {
  private readonly options: RemoteExportOptions;
  private readonly dir: string;
  private readonly origin: string;

  constructor(options: RemoteExportOptions, dir: string) {
    this.options = options;
    this.dir = dir;
    this.origin = new URL(options.baseUrl).origin;
  }

  /** Saves `name` into the folder: false when the server has no such file (404). */
  async download(name: string): Promise<boolean> {
    const { response, url } = await this.open(new URL(name, this.options.baseUrl));
    const status = response.statusCode ?? 0;
    if (status === 404 || status < 200 || status > 299) response.destroy();
    if (status === 404) return false;
    if (status === 401 || status === 403)
      throw new RemoteExportError(`${shown(url)}: ${status} ${response.statusMessage}: ${this.refusal(url)}`);
    if (status < 200 || status > 299) throw new RemoteExportError(`${shown(url)}: HTTP ${status} ${response.statusMessage}`);
    await this.save(name, url, response);
    return true;
  }

  private refusal(url: URL): string {
    if (url.origin !== this.origin)
      return `the server a redirect led to refused access (CATALOG_SOURCE_TOKEN is sent to ${this.origin} only)`;
    if (this.options.token) return 'the server refused CATALOG_SOURCE_TOKEN';
    return 'the server requires a token, and CATALOG_SOURCE_TOKEN is not set';
  }

  /** Follows redirects itself: the token goes to the source's origin only, never to a host a redirect names. */
  private async open(start: URL): Promise<{ response: IncomingMessage; url: URL }> {
    let url = start;
    for (let hops = 0; ; hops++) {
      const response = await this.get(url);
      const location = response.headers.location;
      if (![301, 302, 303, 307, 308].includes(response.statusCode ?? 0) || location === undefined) return { response, url };
      response.destroy();
      if (hops === MAX_REDIRECTS) throw new RemoteExportError(`${shown(start)}: more than ${MAX_REDIRECTS} redirects`);
      const next = URL.canParse(location, url) ? new URL(location, url) : null;
      const problem = next ? sourceUrlProblem(next) : 'not a URL';
      if (!next || problem) throw new RemoteExportError(`${shown(url)} redirects to a URL that is refused: ${problem}`);
      url = next;
    }
  }

  private get(url: URL): Promise<IncomingMessage> {
    const { token, firstByteTimeoutMs = FIRST_BYTE_TIMEOUT_MS } = this.options;
    // gzip only: a plain file the server compresses for the transfer is unpacked in save().
    const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
    if (token && url.origin === this.origin) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).get(url, { headers });
      const timer = setTimeout(
        () => request.destroy(new RemoteExportError(`${shown(url)}: no response within ${firstByteTimeoutMs / 1000} s`)),
        firstByteTimeoutMs,
      );
      request.once('response', (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      request.once('error', (error) => {
        clearTimeout(timer);
        reject(error instanceof RemoteExportError ? error : new RemoteExportError(`${shown(url)}: ${describe(error)}`));
      });
    });
  }

  /** Streams the body to disk, counting bytes against Content-Length; a silent server past the idle timeout fails. */
  private async save(name: string, url: URL, response: IncomingMessage): Promise<void> {
    const { onProgress, idleTimeoutMs = IDLE_TIMEOUT_MS } = this.options;
    const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (!['identity', 'gzip', 'x-gzip'].includes(encoding)) {
      response.destroy();
      throw new RemoteExportError(`${shown(url)}: unsupported Content-Encoding ${JSON.stringify(encoding)}`);
    }
    const length = response.headers['content-length'];
    const total = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
    let bytes = 0;
    const stall = () =>
      response.destroy(new RemoteExportError(`${shown(url)}: no data for ${idleTimeoutMs / 1000} s after ${bytes} bytes`));
    const idle = setTimeout(stall, idleTimeoutMs);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        idle.refresh();
        onProgress?.({ file: name, bytes, total });
        done(null, chunk);
      },
    });
    // A .gz file labelled "Content-Encoding: gzip" (as S3 and GCS may serve one) is kept as it is.
    const unpack = encoding !== 'identity' && !name.endsWith('.gz') ? [createGunzip()] : [];
    try {
      await pipeline([response, counter, ...unpack, createWriteStream(join(this.dir, name))]);
    } catch (error) {
      if (error instanceof RemoteExportError) throw error;
      const of = total === null ? '' : ` of ${total}`;
      throw new RemoteExportError(`${shown(url)}: the download broke off after ${bytes}${of} bytes (${describe(error)})`);
    } finally {
      clearTimeout(idle);
    }
    // node:http already fails a body cut short; this makes sure of the bytes written, whatever the parser allows.
    if (total !== null && bytes !== total) throw new RemoteExportError(`${shown(url)}: truncated: ${bytes} of ${total} bytes`);
  }
}
