import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll } from 'vitest';

/**
 * Netlify's local Blobs server (what `netlify dev` runs) for the test file that calls this: started
 * before its tests, stopped after them. `store` opens a store of it by name (one name per test).
 */
export function useBlobsServer(directory: string) {
  let server: BlobsServer | undefined;
  let port = 0;
  beforeAll(async () => {
    server = new BlobsServer({ directory, token: 'test-token', port: 0 });
    port = (await server.start()).port;
  });
  afterAll(async () => {
    await server?.stop();
  });
  const client = () => ({
    siteID: 'test-site',
    token: 'test-token',
    edgeURL: `http://localhost:${port}`,
    uncachedEdgeURL: `http://localhost:${port}`,
  });
  const store = (name: string) => getStore({ name, ...client(), consistency: 'strong' });
  return { client, store };
}

/** A name no other test uses. */
export const freshName = () => Math.random().toString(36).slice(2);
