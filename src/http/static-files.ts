/*
 * The built site's files as a platform serves them to the app (the self-hosted server's own
 * copy of dist/client, src/platform/node/static-files.ts): read by the documents and the site.
 */

/** A built static file, as the platform stores it. */
export interface StaticFile {
  size: number;
  mtimeMs: number;
  /**
   * Its bytes, read as they are sent. `size` and `mtimeMs` describe these very bytes even if a
   * rebuild renames another file over the path meanwhile (the file is held open from `get`).
   */
  open(): ReadableStream<Uint8Array>;
  /** Lets the file go without reading it (HEAD, 304): every file got is opened or closed. */
  close(): void;
}

/** The built site's static files, by URL path ("/gpt.json"). */
export interface StaticFiles {
  has(path: string): boolean;
  /** null when it is gone since the listing (a build replacing the site). */
  get(path: string): StaticFile | null;
}
