import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATIC_DOCUMENTS } from '../../documents/document-files.ts';

/** The catalog version the documents in a client folder state (their manifest, /gpt.json), or null when it cannot be read. */
export function documentsVersion(clientDir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(clientDir, STATIC_DOCUMENTS.manifest.path), 'utf8')) as { catalogVersion?: unknown };
    return typeof manifest.catalogVersion === 'string' ? manifest.catalogVersion : null;
  } catch {
    return null;
  }
}

/** Why documents of version `documents` must not be served beside the snapshot `snapshot`, or null when they agree. */
export function versionMismatch(documents: string | null, snapshot: string): string | null {
  if (documents === snapshot) return null;
  const stated = documents === null ? 'state no catalog version (their /gpt.json cannot be read)' : `state catalog version ${documents}`;
  return `a rebuild was not taken up: its documents ${stated} but the snapshot at CATALOG_DB is ${snapshot}; still serving the catalog and documents in use (run npm run rebuild again)`;
}
