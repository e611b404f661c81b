import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ifNoneMatchHits } from '../../core/http/etag.ts';
import { preflightHeaders } from '../../core/http/headers.ts';
import { documentHeaders, documentType } from '../../documents/document-files.ts';

const METHODS = 'GET, HEAD, OPTIONS';

/**
 * Serves the pre-rendered public documents from the built client directory with the headers the
 * Netlify CDN gives them (document-files.ts), so both targets answer alike. Returns false when the
 * path is not a document or its file is missing (Astro then answers, with its 404 page).
 */
export function createDocumentResponder(clientDir: string, cache: { maxAge: number; staleWhileRevalidate: number }) {
  return (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    const type = documentType(pathname);
    if (type === null) return false;
    const file = join(clientDir, pathname);
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return false;
    }
    const headers: Record<string, string> = {
      ...documentHeaders(type, cache),
      // A weak validator from the file's size and time: files are replaced whole by a build.
      ETag: `W/"${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}"`,
      'Last-Modified': stat.mtime.toUTCString(),
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders(METHODS, 'Accept, If-None-Match', { 'Access-Control-Allow-Origin': '*' })).end();
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: METHODS, 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    } else if (ifNoneMatchHits(req.headers['if-none-match'] ?? null, headers.ETag!)) {
      res.writeHead(304, headers).end();
    } else {
      res.writeHead(200, { ...headers, 'Content-Length': String(stat.size) });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).on('error', () => res.destroy()).pipe(res);
    }
    return true;
  };
}
