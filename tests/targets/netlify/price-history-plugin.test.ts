import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRICE_HISTORY_KEY, PRICE_HISTORY_STORE } from '../../../src/netlify-build/price-history-blobs.ts';
import { useBlobsServer } from '../../support/blobs-server.ts';
import { buildAndRecord } from '../../support/price-history-build.ts';

/*
 * The repository's build plugin (netlify/plugins/price-history/) as Netlify runs it: with the site's
 * Blobs given in NETLIFY_BLOBS_CONTEXT (as @netlify/build gives plugins, not the build command),
 * around a build that records the day's prices. Here, Netlify's local Blobs server.
 */
const dir = mkdtempSync(join(tmpdir(), 'price-history-plugin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const blobs = useBlobsServer(join(dir, 'blobs'));

describe("the price history's build plugin", () => {
  it('brings the history down before the build and puts the recorded day back after it', async () => {
    const file = join(dir, 'price-history.sqlite');
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(blobs.client())).toString('base64');
    process.env.PRICE_HISTORY_DB = file;
    const failed: string[] = [];
    const utils = {
      build: {
        failBuild: (message: string) => {
          failed.push(message);
          throw new Error(message);
        },
      },
    };
    const plugin = await import('../../../netlify/plugins/price-history/index.js');
    await plugin.onPreBuild({ utils });
    // The build command's part: the snapshot built and its prices recorded into PRICE_HISTORY_DB.
    await buildAndRecord(dir, file, '2026-10-05');
    await plugin.onPostBuild({ utils });
    expect(failed).toEqual([]);
    const stored = await blobs.store(PRICE_HISTORY_STORE).get(PRICE_HISTORY_KEY, { type: 'arrayBuffer' });
    expect(stored?.byteLength).toBeGreaterThan(0);
    // A second put with nothing brought down for it writes nothing, and says so.
    await plugin.onPostBuild({ utils });
    expect(failed).toEqual([]);
  });
});
