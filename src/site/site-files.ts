import { fileEtag } from '../documents/serve-documents.ts';
import type { Answer, RequestFacts } from '../http/answer.ts';
import { type CachePolicy, publicCacheControl } from '../http/caching.ts';
import { conditionalAnswer } from '../http/conditional.ts';
import { PAGE_HEADERS } from '../http/page-headers.ts';
import type { StaticFiles } from '../http/static-files.ts';

const METHODS = 'GET, HEAD';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

/** Astro's hashed assets: a new build gives them new names, so they never change. */
const IMMUTABLE = '/_astro/';

/**
 * The site's answer to methods other than GET and HEAD, on any of its paths: 405. null for GET and
 * HEAD, which need the files. Where a CDN serves the files (Netlify), a Function gives this answer
 * (netlify/functions/other-methods.ts).
 */
export function siteMethods(facts: RequestFacts): Answer | null {
  if (facts.method === 'GET' || facts.method === 'HEAD') return null;
  return {
    status: 405,
    headers: { Allow: METHODS, 'Content-Type': TYPES.txt!, 'Cache-Control': 'no-store' },
    body: 'Método não permitido: use GET ou HEAD.\n',
  };
}

/**
 * The rest of the built site, as Netlify's CDN serves it: a page at its path ("/" is
 * /index.html, "/x" is /x.html or /x/index.html), other files by name, and the site's 404 page
 * with status 404 for anything else. Platform files whose names start with "_" ("/_headers")
 * are configuration, never content.
 */
export function createSiteFiles(files: StaticFiles, cache: CachePolicy): (facts: RequestFacts) => Answer {
  const resolve = (path: string): string | null => {
    // The documents' stored Brotli and gzip forms are sent as the documents themselves, never by name.
    if (/\/_(?!astro\/)/.test(path) || /\.(br|gz)$/.test(path)) return null;
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
    return candidates.find((candidate) => files.has(candidate)) ?? null;
  };
  const serve = (facts: RequestFacts, path: string, status: number): Answer => {
    const file = files.get(path);
    if (file === null) return { status: 404, headers: { 'Content-Type': TYPES.txt! }, body: 'Not found\n' };
    const extension = path.slice(path.lastIndexOf('.') + 1);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': path.startsWith(IMMUTABLE) ? 'public, max-age=31536000, immutable' : publicCacheControl(cache),
      'X-Content-Type-Options': 'nosniff',
      ...(extension === 'html' ? PAGE_HEADERS : {}),
    };
    const etag = fileEtag(file);
    headers.ETag = etag;
    const answer = status === 200 ? conditionalAnswer(facts, etag, headers, null) : { status, headers, body: null };
    if (answer.status !== 304) headers['Content-Length'] = String(file.size);
    if (answer.status !== 304 && facts.method === 'GET') answer.body = file.open();
    else file.close();
    return answer;
  };
  return (facts) => {
    const other = siteMethods(facts);
    if (other !== null) return other;
    const path = resolve(facts.pathname);
    return path === null ? serve(facts, '/404.html', 404) : serve(facts, path, 200);
  };
}
