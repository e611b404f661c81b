import type { Answer, RequestFacts } from '../http/answer.ts';
import { errorAnswer } from '../http/api-error.ts';
import type { CachePolicy } from '../http/caching.ts';
import { conditionalAnswer } from '../http/conditional.ts';
import { preferredCoding, STORED_CODINGS } from '../http/content-coding.ts';
import { preflight } from '../http/cors.ts';
import type { StaticFile, StaticFiles } from '../http/static-files.ts';
import { DOCUMENT_CORS, DOCUMENT_METHODS, documentHeaders, documentType } from './document-files.ts';

const documentPreflight = preflight(DOCUMENT_METHODS, DOCUMENT_CORS['Access-Control-Allow-Headers']!, DOCUMENT_CORS);

/**
 * A document's answer to the methods other than GET and HEAD: the preflight, or the contract's
 * 405. null for GET and HEAD, which need the file. Where a CDN serves the files (Netlify), a
 * Function gives these answers (netlify/functions/other-methods.ts).
 */
export function documentMethods(facts: RequestFacts): Answer | null {
  if (facts.method === 'GET' || facts.method === 'HEAD') return null;
  if (facts.method === 'OPTIONS') return documentPreflight();
  return errorAnswer('METHOD_NOT_ALLOWED', { headers: { Allow: DOCUMENT_METHODS }, resolution: 'Call with GET, HEAD or OPTIONS.' });
}

/** A weak validator from a built file's size and time: files are replaced whole by a build. */
export const fileEtag = (file: StaticFile): string => `W/"${file.size.toString(36)}-${Math.trunc(file.mtimeMs).toString(36)}"`;

/**
 * Serves the pre-rendered public documents from the built site's files with the headers the
 * Netlify CDN gives them (document-files.ts), so both targets answer alike. null when the path is
 * not a built document (the platform then answers, with its 404 page).
 */
export function createDocumentFiles(files: StaticFiles, cache: CachePolicy): (facts: RequestFacts) => Answer | null {
  return (facts) => {
    const type = documentType(facts.pathname);
    if (type === null) return null;
    const other = documentMethods(facts);
    if (other !== null) return other;
    // Its Brotli or gzip form when the build wrote one and the client takes it (compress-documents.ts):
    // another representation, so another file, another ETag; caches keep them apart by Vary.
    const stored = STORED_CODINGS.filter(({ suffix }) => files.has(facts.pathname + suffix));
    const coding = stored.length === 0 ? null : preferredCoding(facts.header('accept-encoding'), stored);
    const coded = coding === null ? null : files.get(facts.pathname + coding.suffix);
    const file = coded ?? files.get(facts.pathname);
    if (file === null) return null;
    const headers = documentHeaders(type, cache);
    if (stored.length > 0) headers.Vary = 'Accept-Encoding';
    if (coded !== null) headers['Content-Encoding'] = coding!.coding;
    const etag = fileEtag(file);
    headers.ETag = etag;
    headers['Last-Modified'] = new Date(file.mtimeMs).toUTCString();
    const answer = conditionalAnswer(facts, etag, headers, null);
    if (answer.status === 200) headers['Content-Length'] = String(file.size);
    if (answer.status === 200 && facts.method === 'GET') answer.body = file.open();
    else file.close();
    return answer;
  };
}
