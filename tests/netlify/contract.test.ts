import { afterAll, beforeAll, inject, vi } from 'vitest';
import { startNetlifyDev } from '../support/netlify-target.ts';
import { describeMissingSnapshotContract, describeStatsContract, type Send } from '../contract/stats-contract.ts';

let netlify: Awaited<ReturnType<typeof startNetlifyDev>>;

// About a second a request under emulation, and some cases send twenty.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  netlify = await startNetlifyDev();
});
afterAll(async () => {
  await netlify?.stop();
});

/**
 * NetlifyDev runs each request in a fresh worker that reads process.env as it is at that moment,
 * so each send sets the snapshot the function should open. Requests go one at a time: NetlifyDev
 * rebuilds the function for every request, and concurrent rebuilds race on the copied
 * node_modules (a half-copied better-sqlite3 then fails to load).
 */
let queue: Promise<unknown> = Promise.resolve();
const sendWith = (snapshot: () => string): Send => (path, init) => {
  const next = queue.then(() => {
    process.env.CATALOG_DB = snapshot();
    return netlify.fetch(new Request(`http://localhost${path}`, init));
  });
  queue = next.catch(() => {});
  return next;
};

describeStatsContract('Netlify Functions (local emulation)', () => sendWith(() => inject('sampleSnapshot')));
describeMissingSnapshotContract('Netlify Functions (local emulation)', () => sendWith(() => `${inject('sampleSnapshot')}.missing`));
